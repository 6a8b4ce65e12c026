import * as v from 'valibot';
import { listTemplateFilesInput } from '../../templates/list-template-files';
import { defineRoute } from '../contract';
import { TEMPLATE } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid, paging } from '../errors';
import { nextCursor, templateFile, timestamp } from '../views';

export const listTemplateFilesRoute = defineRoute({
  method: 'GET',
  path: '/view-template-files/{templateId}',
  fn: 'list-template-files',
  auth: 'jwt',
  access: { table: 'read', cursorKey: true },
  input: listTemplateFilesInput,
  errors: {
    invalid: 400,
    not_found: 406,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const listTemplateFilesDocs = /* @__PURE__ */ describeRoute(listTemplateFilesRoute, () => ({
  tag: 'Template files',
  summary: 'List the files of a template',
  description: 'Oldest first, paged with `limit` and `cursor`; no signed URLs in the list (the interface shows none).',
  response: v.strictObject({
    files: v.array(v.strictObject({ ...templateFile, created_at: timestamp })),
    ...nextCursor,
  }),
  errors: {
    invalid: invalid(paging),
    not_found: 'No template with this id in the company of the token',
  },
  example: {
    params: { templateId: TEMPLATE },
    status: 200,
  },
}));
