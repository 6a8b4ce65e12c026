import * as v from 'valibot';
import { updateTemplateFileInput } from '../../templates/update-template-file';
import { defineRoute } from '../contract';
import { ACME, TEMPLATE, TEMPLATE_FILE } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, concurrentReplace, concurrentReplaceText, invalid, upload } from '../errors';
import { done, signedUrl, templateFile, timestamp } from '../views';

export const updateTemplateFileRoute = defineRoute({
  method: 'PUT',
  path: '/update-template-file/{templateId}/file/{fileId}',
  fn: 'update-template-file',
  auth: 'jwt',
  access: { table: 'write', bucket: ['get', 'put', 'delete'] },
  body: 'multipart',
  input: updateTemplateFileInput,
  errors: {
    invalid: 400,
    forbidden: 403,
    not_found: 406,
    ...concurrentReplace,
    ...upload,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const updateTemplateFileDocs = /* @__PURE__ */ describeRoute(updateTemplateFileRoute, () => ({
  tag: 'Template files',
  summary: 'Rename, describe or replace a template file',
  description:
    'Multipart with any of `file`, `name`, `description`, `modelId` (none is 400 `NOTHING_TO_UPDATE`). ' +
    'Replaced bytes are kept while a DPP version refers to them.',
  response: v.strictObject({
    ...done,
    file: v.strictObject({ ...templateFile, updated_at: timestamp, signedUrl }),
  }),
  errors: {
    invalid: invalid('Nothing to update, an invalid file format, an unparseable body or an invalid field'),
    forbidden: '`company_id` is not the company of the token',
    not_found: 'No such template file in the company of the token',
    conflict: concurrentReplaceText,
  },
  example: {
    params: { templateId: TEMPLATE, fileId: TEMPLATE_FILE.renamed },
    multipart: { fields: { company_id: ACME, name: 'Sample sheet (rev. 2)', description: 'Second revision' } },
    status: 200,
  },
}));
