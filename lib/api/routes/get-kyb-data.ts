import * as v from 'valibot';
import { getKybDataInput } from '../../companies/kyb/get-kyb-data';
import { defineRoute } from '../contract';
import { ADMIN_USER } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { kybData } from '../views';

export const getKybDataRoute = defineRoute({
  method: 'GET',
  path: '/kyb-data/{userId}',
  fn: 'get-kyb-data',
  auth: 'jwt',
  access: { table: 'read' },
  input: getKybDataInput,
  errors: {
    invalid: 400,
    not_found: 406,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const getKybDataDocs = /* @__PURE__ */ describeRoute(getKybDataRoute, () => ({
  tag: 'KYB',
  summary: "View the KYB data of a user's company",
  description:
    "The KYB data last sent to POST /verify-business for the user's company, as sent (trimmed). `userId` must be " +
    "the token's user or a user of the token's company; another company's user answers as an unknown one (406).",
  response: v.strictObject({ data: kybData }),
  errors: {
    invalid: invalid('A path parameter is malformed'),
    not_found: "No such user in the token's company, or no KYB data for its company",
  },
  // Acme's KYB data, as the seed (demo-data.json, kyb) or the verify-business sample stored it.
  example: {
    params: { userId: ADMIN_USER },
    status: 200,
  },
}));
