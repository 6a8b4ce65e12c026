import * as v from 'valibot';
import { listAccessGrantsInput } from '../../access-grants/list-access-grants';
import { defineRoute } from '../contract';
import { DPP } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid, paging } from '../errors';
import { accessGrant, nextCursor } from '../views';

export const listAccessGrantsRoute = defineRoute({
  method: 'GET',
  path: '/dpps/{dppId}/access-grants',
  fn: 'list-access-grants',
  auth: 'jwt',
  access: { table: 'read', cursorKey: true },
  input: listAccessGrantsInput,
  errors: {
    invalid: 400,
    not_found: 404,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const listAccessGrantsDocs = /* @__PURE__ */ describeRoute(listAccessGrantsRoute, () => ({
  tag: 'Access grants',
  summary: 'List the access grants of a DPP',
  description:
    'Oldest first, paged with `limit` and `cursor`, each with its `status` (`active`, `expired` or `revoked`) and ' +
    '`created_by` (the id of the admin who granted it). Any member of the company may list. ' +
    'Never a secret: a lost link is replaced by a new grant (and the old one revoked).',
  response: v.strictObject({ grants: v.array(accessGrant), ...nextCursor }),
  errors: {
    invalid: invalid(paging),
    not_found: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`)',
  },
  example: { params: { dppId: DPP }, status: 200 },
}));
