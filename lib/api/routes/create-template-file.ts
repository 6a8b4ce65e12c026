import * as v from 'valibot';
import { createTemplateFileInput } from '../../templates/create-template-file';
import { defineRoute } from '../contract';
import { authenticated, invalid, upload } from '../errors';
import { done, signedUrl, templateFile, timestamp } from '../views';

export const createTemplateFileRoute = defineRoute({
  method: 'POST',
  path: '/create-template-file',
  fn: 'create-template-file',
  auth: 'jwt',
  access: { table: 'write', bucket: ['get', 'put', 'delete'] },
  tag: 'Template files',
  summary: 'Upload a file to a template',
  description:
    'Multipart with one `file` part (PDF, PNG, JPEG, WebP, GIF, plain text, CSV or JSON, detected from the bytes; ' +
    '4 MiB at most). `name` defaults to the file name. Empty text fields count as not sent.',
  body: 'multipart',
  idempotent: true,
  input: createTemplateFileInput,
  response: v.strictObject({
    ...done,
    file: v.strictObject({ ...templateFile, created_at: timestamp, signedUrl }),
  }),
  errors: {
    invalid: invalid(
      'No file, two files, an empty file, an invalid file format, an unparseable body or an invalid field',
    ),
    forbidden: { status: 403, description: '`company_id` is not the company of the token' },
    not_found: { status: 406, description: 'No template with this id in the company of the token' },
    ...upload,
    ...authenticated,
  },
});
