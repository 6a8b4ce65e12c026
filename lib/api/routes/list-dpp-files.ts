import * as v from 'valibot';
import { listDppFilesInput } from '../../dpp-files/list-dpp-files';
import { defineRoute } from '../contract';
import { DPP } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid, paging } from '../errors';
import { dppFile, nextCursor, signedUrl } from '../views';

export const listDppFilesRoute = defineRoute({
  method: 'GET',
  path: '/view-dpp-files/{dppId}',
  fn: 'list-dpp-files',
  auth: 'jwt',
  access: { table: 'read', bucket: ['get'], cursorKey: true },
  input: listDppFilesInput,
  errors: {
    invalid: 400,
    not_found: 406,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const listDppFilesDocs = /* @__PURE__ */ describeRoute(listDppFilesRoute, () => ({
  tag: 'DPP files',
  summary: 'List the files of a DPP with signed URLs',
  description: 'Oldest first, paged with `limit` and `cursor`; each file has a signed `url` valid 15 minutes.',
  response: v.strictObject({ files: v.array(v.strictObject({ ...dppFile, url: signedUrl })), ...nextCursor }),
  errors: {
    invalid: invalid(paging),
    not_found: 'No DPP with this id in the company of the token',
  },
  example: {
    params: { dppId: DPP },
    status: 200,
  },
}));
