import * as v from 'valibot';
import { updateDppFileInput } from '../../dpp-files/update-dpp-file';
import { defineRoute } from '../contract';
import { authenticated, concurrentReplace, invalid, upload } from '../errors';
import { done, dppFile, signedUrl } from '../views';

export const updateDppFileRoute = defineRoute({
  method: 'PUT',
  path: '/models/{modelId}/update-dpp-file/{dppId}/file/{fileId}',
  fn: 'update-dpp-file',
  auth: 'jwt',
  access: { table: 'write', bucket: ['get', 'put', 'delete'] },
  tag: 'DPP files',
  summary: 'Rename, describe or replace a DPP file',
  description:
    'Multipart with any of `file`, `name`, `description` (none is 400 `NOTHING_TO_UPDATE`; `hash` only with a ' +
    '`file`). `file` in the answer is an array of one, as the interface shows it.',
  body: 'multipart',
  input: updateDppFileInput,
  response: v.strictObject({ ...done, file: v.array(v.strictObject({ ...dppFile, signedUrl })) }),
  errors: {
    invalid: invalid(
      'Nothing to update, an invalid file format, a hash mismatch, an unparseable body or an invalid field',
    ),
    forbidden: { status: 403, description: '`company_id` is not the company of the token' },
    not_found: { status: 406, description: 'No such DPP file (of this model) in the company of the token' },
    ...concurrentReplace,
    ...upload,
    ...authenticated,
  },
});
