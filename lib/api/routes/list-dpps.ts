import * as v from 'valibot';
import { listDppsInput } from '../../dpps/list-dpps';
import { defineRoute } from '../contract';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { companyDppFields, nextCursor } from '../views';

export const listDppsRoute = defineRoute({
  method: 'GET',
  path: '/dpps',
  fn: 'list-dpps',
  auth: 'jwt',
  access: { table: 'read', tableIndexes: true, cursorKey: true },
  input: listDppsInput,
  errors: {
    invalid: 400,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const listDppsDocs = /* @__PURE__ */ describeRoute(listDppsRoute, () => ({
  tag: 'DPP authoring',
  summary: 'List the DPPs of the company',
  description:
    'Each DPP’s own fields (`GET /dpps/{dppId}` adds its images, files, cards and translations), oldest id first ' +
    '(created ones: the order they were created), paged with `limit` and `cursor`. Read from an index, so a DPP ' +
    'created a moment ago may show a moment later.',
  response: v.strictObject({ dpps: v.array(companyDppFields), ...nextCursor }),
  errors: {
    invalid: invalid('`limit` is not 1-100, or `cursor` is not a cursor of this list'),
  },
  example: {
    status: 200,
  },
}));
