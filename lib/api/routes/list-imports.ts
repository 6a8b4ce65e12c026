import * as v from 'valibot';
import { listImportsInput } from '../../imports/list-imports';
import { defineRoute } from '../contract';
import { describeRoute } from '../docs';
import { authenticated, invalid, paging } from '../errors';
import { nextCursor } from '../views';
import { importStatusView } from './import-views';

export const listImportsRoute = defineRoute({
  method: 'GET',
  path: '/imports',
  fn: 'list-imports',
  auth: 'jwt',
  access: { table: 'read', cursorKey: true },
  input: listImportsInput,
  errors: { invalid: 400, ...authenticated },
});

export const listImportsDocs = /* @__PURE__ */ describeRoute(listImportsRoute, () => ({
  tag: 'Bulk import',
  summary: 'List the company’s bulk imports',
  description: 'Oldest first, paged with `limit` and `cursor`, each as `GET /imports/{importId}` answers it.',
  response: v.strictObject({ imports: v.array(importStatusView), ...nextCursor }),
  errors: { invalid: invalid(paging) },
  example: { status: 200 },
}));
