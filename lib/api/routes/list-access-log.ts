import * as v from 'valibot';
import { listAccessLogInput } from '../../access-grants/list-access-log';
import { defineRoute } from '../contract';
import { DPP } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid, paging } from '../errors';
import { accessLogEntry, nextCursor } from '../views';

export const listAccessLogRoute = defineRoute({
  method: 'GET',
  path: '/dpps/{dppId}/access-log',
  fn: 'list-access-log',
  auth: 'jwt',
  access: { table: 'read', cursorKey: true },
  input: listAccessLogInput,
  errors: {
    invalid: 400,
    not_found: 404,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const listAccessLogDocs = /* @__PURE__ */ describeRoute(listAccessLogRoute, () => ({
  tag: 'Access grants',
  summary: 'List the reads of a DPP through its access grants',
  description:
    'Newest first, paged with `limit` and `cursor`: one entry per read through a grant (`GET /dpp/{dppId}`, the ' +
    'passport page, a version’s document), with the grant, the time, the route and the ids of the restricted ' +
    'parts it served. `kind` tells a full `read` from a `head` (HEAD) and a `not_modified` (a revalidation ' +
    'answered 304). `reader` is HMAC-SHA-256 (hex) of the reader’s IP address and user agent, keyed with a random ' +
    'key of the grant that no route shows: the same reader of one grant hashes alike, and the address and user ' +
    'agent are never stored (absent for a grant created before readers were hashed). Entries are kept as long as ' +
    'the DPP (docs/choices.md, Access tiers).',
  response: v.strictObject({ entries: v.array(accessLogEntry), ...nextCursor }),
  errors: {
    invalid: invalid(paging),
    not_found: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`)',
  },
  example: { params: { dppId: DPP }, status: 200 },
}));
