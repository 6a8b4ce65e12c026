import * as v from 'valibot';
import { listDppFilesInput } from '../../dpp-files/list-dpp-files';
import { defineRoute } from '../contract';
import { authenticated, invalid, paging } from '../errors';
import { dppFile, nextCursor, signedUrl } from '../views';

export const listDppFilesRoute = defineRoute({
  method: 'GET',
  path: '/view-dpp-files/{dppId}',
  fn: 'list-dpp-files',
  auth: 'jwt',
  access: { table: 'read', bucket: ['get'], cursorKey: true },
  tag: 'DPP files',
  summary: 'List the files of a DPP with signed URLs',
  description: 'Oldest first, paged with `limit` and `cursor`; each file has a signed `url` valid 15 minutes.',
  input: listDppFilesInput,
  response: v.strictObject({ files: v.array(v.strictObject({ ...dppFile, url: signedUrl })), ...nextCursor }),
  errors: {
    invalid: invalid(paging),
    not_found: { status: 406, description: 'No DPP with this id in the company of the token' },
    ...authenticated,
  },
});
