import * as v from 'valibot';
import { getNonOfficialOperatorInput } from '../../operators/get-non-official-operator';
import { defineRoute } from '../contract';
import { ACME, OPERATOR } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { nonOfficialOperator } from '../views';

export const getNonOfficialOperatorRoute = defineRoute({
  method: 'GET',
  path: '/view-non-official-operator/{companyId}/{userId}',
  fn: 'get-non-official-operator',
  auth: 'jwt',
  access: { table: 'read' },
  input: getNonOfficialOperatorInput,
  errors: {
    invalid: 400,
    forbidden: 403,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const getNonOfficialOperatorDocs = /* @__PURE__ */ describeRoute(getNonOfficialOperatorRoute, () => ({
  tag: 'Non-official operators',
  summary: 'View one non-official operator of the company',
  description:
    'Answers 400 when the user is not a non-official operator of the company: unknown, of another company (the same ' +
    'answer, so ids cannot be probed), or an official member (a former operator who accepted an invitation included).',
  response: v.strictObject({ nonOfficialOperator }),
  errors: {
    invalid: invalid(
      'The user is not a non-official operator of the company (`OPERATOR_NOT_FOUND`), or is an official member ' +
        '(`OFFICIAL_MEMBER`); a path parameter is malformed',
    ),
    forbidden: "`companyId` is not the token's company (`COMPANY_MISMATCH`)",
  },
  // Acme's repairer (a non-official operator of the demo data).
  example: {
    params: { companyId: ACME, userId: OPERATOR },
    status: 200,
  },
}));
