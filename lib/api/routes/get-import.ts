import { getImportInput } from '../../imports/get-import';
import { defineRoute } from '../contract';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { importStatusView } from './import-views';

export const getImportRoute = defineRoute({
  method: 'GET',
  path: '/imports/{importId}',
  fn: 'get-import',
  auth: 'jwt',
  access: { table: 'read' },
  input: getImportInput,
  errors: { invalid: 400, not_found: 404, ...authenticated },
});

export const getImportDocs = /* @__PURE__ */ describeRoute(getImportRoute, () => ({
  tag: 'Bulk import',
  summary: 'Follow a bulk import',
  description:
    '`status` `waiting_upload` (no file yet), `queued`, `running`, `done` or `failed` (the file is not its format ' +
    'or not UTF-8: `reason`, and nothing was written); the rows read so far and how many were `created`, ' +
    '`updated`, `unchanged` or `failed`; `percent` of the file’s rows done; `started_at`, `finished_at`.',
  response: importStatusView,
  errors: {
    invalid: invalid('`importId` is not an id'),
    not_found: 'No import with this id in the company of the token (`IMPORT_NOT_FOUND`)',
  },
  // An id no import has: the sample reads the answer every unknown (or another company's) import gets.
  example: { params: { importId: '01a19656-4aff-7000-8000-0000000000ff' }, status: 404 },
}));
