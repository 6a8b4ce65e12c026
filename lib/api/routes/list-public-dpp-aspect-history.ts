import * as v from 'valibot';
import { listPublicAspectHistoryInput } from '../../dpp-aspects/list-public-aspect-history';
import { defineRoute } from '../contract';
import { BATTERY_DPP } from '../demo';
import { describeRoute } from '../docs';
import { invalid, paging, unavailable } from '../errors';
import { aspectChange } from '../views';

export const listPublicDppAspectHistoryRoute = defineRoute({
  method: 'GET',
  path: '/dpp/{dppId}/aspects-history',
  fn: 'list-public-dpp-aspect-history',
  auth: 'public',
  access: { table: 'update', cursorKey: true },
  input: listPublicAspectHistoryInput,
  errors: { invalid: 400, not_found: 404, ...unavailable },
});

const str = v.string();

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const listPublicDppAspectHistoryDocs = /* @__PURE__ */ describeRoute(listPublicDppAspectHistoryRoute, () => ({
  tag: 'DPPs',
  summary: 'The history of a published profiled passport’s dynamic attributes, at the reader’s tier',
  description:
    'Public, like `GET /dpp/{dppId}/aspects/{aspect}`. The changes of the dynamic attributes (the profile’s ' +
    '`dynamic`: state of charge, cycles, status, …) the company’s aspect writes made, oldest first, each as the ' +
    'company’s `GET /dpps/{dppId}/aspects-history` shows it but for `changed_by`: `revision` (the write’s), ' +
    '`changed_at`, `aspect`, `attribute`, `pointer`, `tier`, `old` and `new` (absent: none). Only the changes of ' +
    'attributes of the reader’s tier: anonymous, the `public` ones; through an access grant ' +
    '(`?access=<grantId>.<secret>` or the `x-dpp-access` header) those of its tier too (`legitimate_interest`, or ' +
    '`authority`, which includes it), each read through it logged with the restricted attributes served. The others ' +
    'are removed, never blanked, and nothing says they were there. Paged with `limit` and `cursor`; a page never ' +
    'splits the changes of one write (it ends before a write that does not fit, so it may hold fewer than `limit`; ' +
    'a write with more changes than `limit` is a page of its own). A passport without a profile has an empty history.',
  response: v.strictObject({
    // The company's view of a change, but for its author.
    changes: v.array(v.omit(v.strictObject(aspectChange), ['changed_by'])),
    nextCursor: v.optional(str),
  }),
  responseHeaders: { vary: '`x-dpp-access`: the grant’s header the answer depends on' },
  errors: {
    invalid: invalid(`${paging}, or a query parameter other than \`limit\`, \`cursor\` and \`access\``),
    not_found: 'No published DPP with this id (`DPP_NOT_FOUND`)',
  },
  example: { params: { dppId: BATTERY_DPP }, status: 200 },
}));
