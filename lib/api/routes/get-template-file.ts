import * as v from 'valibot';
import { getTemplateFileInput } from '../../templates/get-template-file';
import { defineRoute } from '../contract';
import { authenticated, invalid } from '../errors';
import { signedUrl, templateFile, timestamp } from '../views';

export const getTemplateFileRoute = defineRoute({
  method: 'GET',
  path: '/view-template-file/{templateId}/file/{fileId}',
  fn: 'get-template-file',
  auth: 'jwt',
  access: { table: 'read', bucket: ['get'] },
  tag: 'Template files',
  summary: 'View one template file with a signed URL',
  input: getTemplateFileInput,
  response: v.strictObject({ file: v.strictObject({ ...templateFile, created_at: timestamp, signedUrl }) }),
  errors: {
    invalid: invalid('`templateId` or `fileId` is not a UUID'),
    not_found: { status: 406, description: 'No such template file in the company of the token' },
    ...authenticated,
  },
});
