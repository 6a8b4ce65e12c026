import * as v from 'valibot';
import { updateTemplateFileInput } from '../../templates/update-template-file';
import { defineRoute } from '../contract';
import { authenticated, concurrentReplace, invalid, upload } from '../errors';
import { done, signedUrl, templateFile, timestamp } from '../views';

export const updateTemplateFileRoute = defineRoute({
  method: 'PUT',
  path: '/update-template-file/{templateId}/file/{fileId}',
  fn: 'update-template-file',
  auth: 'jwt',
  access: { table: 'write', bucket: ['get', 'put', 'delete'] },
  tag: 'Template files',
  summary: 'Rename, describe or replace a template file',
  description:
    'Multipart with any of `file`, `name`, `description`, `modelId` (none is 400 `NOTHING_TO_UPDATE`). ' +
    'Replaced bytes are kept while a DPP version refers to them.',
  body: 'multipart',
  input: updateTemplateFileInput,
  response: v.strictObject({
    ...done,
    file: v.strictObject({ ...templateFile, updated_at: timestamp, signedUrl }),
  }),
  errors: {
    invalid: invalid('Nothing to update, an invalid file format, an unparseable body or an invalid field'),
    forbidden: { status: 403, description: '`company_id` is not the company of the token' },
    not_found: { status: 406, description: 'No such template file in the company of the token' },
    ...concurrentReplace,
    ...upload,
    ...authenticated,
  },
});
