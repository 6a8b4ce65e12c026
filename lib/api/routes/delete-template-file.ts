import * as v from 'valibot';
import { deleteTemplateFileInput } from '../../templates/delete-template-file';
import { defineRoute } from '../contract';
import { TEMPLATE, TEMPLATE_FILE } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { done } from '../views';

export const deleteTemplateFileRoute = defineRoute({
  method: 'DELETE',
  path: '/delete-template-file/{templateId}/file/{fileId}',
  fn: 'delete-template-file',
  auth: 'jwt',
  access: { table: 'write', bucket: ['delete'] },
  input: deleteTemplateFileInput,
  errors: {
    invalid: 400,
    not_found: 406,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const deleteTemplateFileDocs = /* @__PURE__ */ describeRoute(deleteTemplateFileRoute, () => ({
  tag: 'Template files',
  summary: 'Delete a template file and its stored bytes',
  description: 'The bytes are kept while a DPP version refers to them.',
  response: v.strictObject(done),
  errors: {
    invalid: invalid('`templateId` or `fileId` is not a UUID'),
    not_found: 'No such template file in the company of the token',
  },
  example: {
    params: { templateId: TEMPLATE, fileId: TEMPLATE_FILE.deleted },
    status: 200,
  },
}));
