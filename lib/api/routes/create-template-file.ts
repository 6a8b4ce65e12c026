import * as v from 'valibot';
import { createTemplateFileInput } from '../../templates/create-template-file';
import { defineRoute } from '../contract';
import { ACME, MODEL, TEMPLATE } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid, upload } from '../errors';
import { done, signedUrl, templateFile, timestamp } from '../views';

export const createTemplateFileRoute = defineRoute({
  method: 'POST',
  path: '/create-template-file',
  fn: 'create-template-file',
  auth: 'jwt',
  access: { table: 'write', bucket: ['get', 'put', 'delete'] },
  body: 'multipart',
  idempotent: true,
  input: createTemplateFileInput,
  errors: {
    invalid: 400,
    forbidden: 403,
    not_found: 406,
    ...upload,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const createTemplateFileDocs = /* @__PURE__ */ describeRoute(createTemplateFileRoute, () => ({
  tag: 'Template files',
  summary: 'Upload a file to a template',
  description:
    'Multipart with one `file` part (PDF, PNG, JPEG, WebP, GIF, plain text, CSV or JSON, detected from the bytes; ' +
    '4 MiB at most). `name` defaults to the file name. Empty text fields count as not sent.',
  response: v.strictObject({
    ...done,
    file: v.strictObject({ ...templateFile, created_at: timestamp, signedUrl }),
  }),
  errors: {
    invalid: invalid(
      'No file, two files, an empty file, an invalid file format, an unparseable body or an invalid field',
    ),
    forbidden: '`company_id` is not the company of the token',
    not_found: 'No template with this id in the company of the token',
  },
  example: {
    multipart: {
      fields: {
        template_id: TEMPLATE,
        company_id: ACME,
        modelId: MODEL,
        name: 'Assembly guide',
        description: 'How to assemble the bike',
      },
      file: { name: 'assembly-guide.pdf', fixture: 'sample.pdf' },
    },
    status: 200,
  },
}));
