import * as v from 'valibot';
import { listTemplateFilesInput } from '../../templates/list-template-files';
import { defineRoute } from '../contract';
import { authenticated, invalid, paging } from '../errors';
import { nextCursor, templateFile, timestamp } from '../views';

export const listTemplateFilesRoute = defineRoute({
  method: 'GET',
  path: '/view-template-files/{templateId}',
  fn: 'list-template-files',
  auth: 'jwt',
  access: { table: 'read', cursorKey: true },
  tag: 'Template files',
  summary: 'List the files of a template',
  description: 'Oldest first, paged with `limit` and `cursor`; no signed URLs in the list (the interface shows none).',
  input: listTemplateFilesInput,
  response: v.strictObject({
    files: v.array(v.strictObject({ ...templateFile, created_at: timestamp })),
    ...nextCursor,
  }),
  errors: {
    invalid: invalid(paging),
    not_found: { status: 406, description: 'No template with this id in the company of the token' },
    ...authenticated,
  },
});
