import * as v from 'valibot';
import { getConformityClaimsInput } from '../../dpps/conformity-claims';
import { defineRoute } from '../contract';
import { DPP } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { conformityClaims } from '../views';

export const getConformityClaimsRoute = defineRoute({
  method: 'GET',
  path: '/dpps/{dppId}/conformity-claims',
  fn: 'get-conformity-claims',
  auth: 'jwt',
  access: { table: 'read' },
  input: getConformityClaimsInput,
  errors: { invalid: 400, not_found: 404, ...authenticated },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const getConformityClaimsDocs = /* @__PURE__ */ describeRoute(getConformityClaimsRoute, () => ({
  tag: 'DPP authoring',
  summary: 'The conformity claims of a DPP of the company',
  description:
    'The claims as the last `PUT /dpps/{dppId}/conformity-claims` stored them (none: an empty list), each with its ' +
    'evidence (the assessor’s credential, its issuer and its SHA-256). Read strongly consistent.',
  response: v.strictObject({ dpp_id: v.string(), claims: conformityClaims }),
  errors: {
    invalid: invalid('A path parameter is malformed'),
    not_found: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`)',
  },
  example: { params: { dppId: DPP }, status: 200 },
}));
