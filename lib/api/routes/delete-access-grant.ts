import * as v from 'valibot';
import { deleteAccessGrantInput } from '../../access-grants/delete-access-grant';
import { defineRoute } from '../contract';
import { DPP } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';

export const deleteAccessGrantRoute = defineRoute({
  method: 'DELETE',
  path: '/dpps/{dppId}/access-grants/{grantId}',
  fn: 'delete-access-grant',
  auth: 'jwt',
  access: { table: 'update' },
  input: deleteAccessGrantInput,
  errors: {
    invalid: 400,
    not_found: 404,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const deleteAccessGrantDocs = /* @__PURE__ */ describeRoute(deleteAccessGrantRoute, () => ({
  tag: 'Access grants',
  summary: 'Revoke an access grant at once',
  status: 204,
  description:
    'From the next request on, the grant’s link reads the public tier only, like no grant. The grant stays listed ' +
    '(`revoked`), so its access-log entries keep naming it. Revoking a revoked grant is 204 again. Any member of the ' +
    'company may revoke (only an admin may grant): revoking only narrows access.',
  response: v.undefined(),
  errors: {
    invalid: invalid('A path parameter is malformed'),
    not_found: 'No grant with this id on a DPP of the company of the token (`GRANT_NOT_FOUND`)',
  },
  // No grant is seeded: the example names none, so it answers the not-found a tenant probe also gets.
  example: { params: { dppId: DPP, grantId: '01a19656-ffff-7000-8000-000000000000' }, status: 404 },
}));
