import * as v from 'valibot';
import { listAspectHistoryInput } from '../../dpp-aspects/list-aspect-history';
import { defineRoute } from '../contract';
import { SAMPLE_BATTERY_DPP } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid, paging } from '../errors';
import { aspectChange } from '../views';

export const listDppAspectHistoryRoute = defineRoute({
  method: 'GET',
  path: '/dpps/{dppId}/aspects-history',
  fn: 'list-dpp-aspect-history',
  auth: 'jwt',
  access: { table: 'read', cursorKey: true },
  input: listAspectHistoryInput,
  errors: { invalid: 400, not_found: 404, ...authenticated },
});

const str = v.string();

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const listDppAspectHistoryDocs = /* @__PURE__ */ describeRoute(listDppAspectHistoryRoute, () => ({
  tag: 'DPP authoring',
  summary: 'The history of a profiled DPP’s dynamic attributes',
  description:
    'Every change of a dynamic attribute (state of charge, cycles, status, …: the profile’s `dynamic`) an aspect ' +
    'write made, oldest first, paged with `limit` and `cursor`: `revision` (the write’s, one per write), ' +
    '`changed_at`, `changed_by` (the user id of the token), `aspect`, `attribute` (its id), `pointer` (its place ' +
    'in the aspect’s document), `tier` (who may read it), and `old` and `new` (absent: none; for a value in a ' +
    'list’s items, the values of the items it picks). The company’s view: every tier. A DPP without a profile has ' +
    'an empty history.',
  response: v.strictObject({
    changes: v.array(v.strictObject(aspectChange)),
    nextCursor: v.optional(str),
  }),
  errors: {
    invalid: invalid(paging),
    not_found: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`)',
  },
  example: { params: { dppId: SAMPLE_BATTERY_DPP }, status: 200 },
}));
