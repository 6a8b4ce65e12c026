import * as v from 'valibot';
import { getTemplateFileInput } from '../../templates/get-template-file';
import { defineRoute } from '../contract';
import { TEMPLATE, TEMPLATE_FILE } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { signedUrl, templateFile, timestamp } from '../views';

export const getTemplateFileRoute = defineRoute({
  method: 'GET',
  path: '/view-template-file/{templateId}/file/{fileId}',
  fn: 'get-template-file',
  auth: 'jwt',
  access: { table: 'read', bucket: ['get'] },
  input: getTemplateFileInput,
  errors: {
    invalid: 400,
    not_found: 406,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const getTemplateFileDocs = /* @__PURE__ */ describeRoute(getTemplateFileRoute, () => ({
  tag: 'Template files',
  summary: 'View one template file with a signed URL',
  description:
    'The file’s fields, with `signedUrl`: a link that downloads its bytes without a token for 15 minutes. Ask ' +
    'again for a fresh one.',
  response: v.strictObject({ file: v.strictObject({ ...templateFile, created_at: timestamp, signedUrl }) }),
  errors: {
    invalid: invalid('`templateId` or `fileId` is not a UUID'),
    not_found: 'No such template file in the company of the token',
  },
  example: {
    params: { templateId: TEMPLATE, fileId: TEMPLATE_FILE.read },
    status: 200,
  },
}));
