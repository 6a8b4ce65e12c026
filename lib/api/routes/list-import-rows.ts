import * as v from 'valibot';
import { listImportRowsInput } from '../../imports/list-import-rows';
import { defineRoute } from '../contract';
import { describeRoute } from '../docs';
import { authenticated, invalid, paging } from '../errors';
import { nextCursor } from '../views';
import { importRowView } from './import-views';

export const listImportRowsRoute = defineRoute({
  method: 'GET',
  path: '/imports/{importId}/rows',
  fn: 'list-import-rows',
  auth: 'jwt',
  access: { table: 'read', cursorKey: true },
  input: listImportRowsInput,
  errors: { invalid: 400, not_found: 404, ...authenticated },
});

export const listImportRowsDocs = /* @__PURE__ */ describeRoute(listImportRowsRoute, () => ({
  tag: 'Bulk import',
  summary: 'The per-row report of a bulk import',
  description:
    'Each row’s `{row, status, dppId?, errors, completeness?}`, rows numbered from 1 after a CSV’s header line; `?status=failed` ' +
    'gives the rows to fix, by row number, each error naming its `column` (CSV; `<Aspect>:<JSON pointer>` for an ' +
    'aspect’s) or field path (JSONL; an aspect’s problem its `path`, `/aspects/<Aspect><pointer>`) with the ' +
    'message `POST /dpps` or the aspect routes give, and a `code`: `VALIDATION_ERROR`, `MALFORMED_ROW`, `DUPLICATE` (the product has a ' +
    'passport, in `create` mode), `DUPLICATE_IN_FILE` (a row before it names the same product), ' +
    '`TEMPLATE_NOT_FOUND`, `KYB_REQUIRED`, `INVALID_ASPECT`, `ASPECT_NOT_FOUND`, `PROFILE_REQUIRED`, `PROFILE_MISMATCH`, ' +
    '`INCOMPLETE`, `DPP_CEASED`, `CONCURRENT_CHANGE`. A profiled row’s `completeness` is its passport’s, as written ' +
    '(or, in a dry run, as it would be): `{complete, mandatory, present, missing}`. Without `status`: every row, by status then row. Paged with `limit` and `cursor`.',
  response: v.strictObject({ rows: v.array(importRowView), ...nextCursor }),
  errors: {
    invalid: invalid(`${paging}, or \`status\` is not created, updated, unchanged or failed`),
    not_found: 'No import with this id in the company of the token (`IMPORT_NOT_FOUND`)',
  },
  example: { params: { importId: '01a19656-4aff-7000-8000-0000000000ff' }, query: { status: 'failed' }, status: 404 },
}));
