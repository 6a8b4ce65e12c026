import * as v from 'valibot';
import { listNonOfficialOperatorsInput } from '../../operators/list-non-official-operators';
import { defineRoute } from '../contract';
import { ACME } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid, paging } from '../errors';
import { listedOperator, nextCursor } from '../views';

export const listNonOfficialOperatorsRoute = defineRoute({
  method: 'GET',
  path: '/view-non-official-operators/{companyId}',
  fn: 'list-non-official-operators',
  auth: 'jwt',
  access: { table: 'read', cursorKey: true },
  input: listNonOfficialOperatorsInput,
  failurePrefix: 'Could not view non-official operators: ',
  errors: {
    invalid: 400,
    forbidden: 403,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const listNonOfficialOperatorsDocs = /* @__PURE__ */ describeRoute(listNonOfficialOperatorsRoute, () => ({
  tag: 'Non-official operators',
  summary: 'List the non-official operators of the company',
  description:
    "People who work with the company's products without membership (repairers, recyclers, suppliers), oldest " +
    'first, paged with `limit` and `cursor`. An operator who became an official member (by accepting an ' +
    "invitation with `operator_id`) is no longer listed. Its 500 keeps the interface's prefix: " +
    '`{"error":"Could not view non-official operators: Internal server error"}`.',
  response: v.strictObject({ nonOfficialOperators: v.array(listedOperator), ...nextCursor }),
  errors: {
    invalid: invalid(paging),
    forbidden: "`companyId` is not the token's company (`COMPANY_MISMATCH`)",
  },
  example: {
    params: { companyId: ACME },
    status: 200,
  },
}));
