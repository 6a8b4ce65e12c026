import * as v from 'valibot';
import { deleteTemplateFileInput } from '../../templates/delete-template-file';
import { defineRoute } from '../contract';
import { authenticated, invalid } from '../errors';
import { done } from '../views';

export const deleteTemplateFileRoute = defineRoute({
  method: 'DELETE',
  path: '/delete-template-file/{templateId}/file/{fileId}',
  fn: 'delete-template-file',
  auth: 'jwt',
  access: { table: 'write', bucket: ['delete'] },
  tag: 'Template files',
  summary: 'Delete a template file and its stored bytes',
  description: 'The bytes are kept while a DPP version refers to them.',
  input: deleteTemplateFileInput,
  response: v.strictObject(done),
  errors: {
    invalid: invalid('`templateId` or `fileId` is not a UUID'),
    not_found: { status: 406, description: 'No such template file in the company of the token' },
    ...authenticated,
  },
});
