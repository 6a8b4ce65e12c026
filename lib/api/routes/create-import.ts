import * as v from 'valibot';
import { createImportInput } from '../../imports/create-import';
import { defineRoute } from '../contract';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { importStatusView } from './import-views';

export const createImportRoute = defineRoute({
  method: 'POST',
  path: '/imports',
  fn: 'create-import',
  auth: 'jwt',
  access: { table: 'write', bucket: ['put'] },
  body: 'json',
  input: createImportInput,
  errors: { invalid: 400, too_large: 413, ...authenticated },
});

export const createImportDocs = /* @__PURE__ */ describeRoute(createImportRoute, () => ({
  tag: 'Bulk import',
  summary: 'Start a bulk import of passports',
  status: 201,
  description:
    'JSON `{format, mode?, dry_run?, template_id?, profile?, category?, mapping_id?}`: `format` `jsonl` (each line a ' +
    '`POST /dpps` body plus the product’s `serial`, or `gtin` for `code`, and `aspects: {<aspect>: <document>}` for a ' +
    'profiled passport), `csv` (RFC 4180, UTF-8 with or without a BOM, `,` or `;`, ' +
    'columns named after the same fields, an aspect’s attribute `<Aspect>:<JSON pointer>`, or after the company’s ' +
    'own headers through `mapping_id`, `POST /import-mappings`) or `xlsx` (its first sheet, read as the CSV); `mode` `create` (default: a row for an existing product fails, `DUPLICATE`) or ' +
    '`upsert` (it updates that passport, or leaves it `unchanged`); `dry_run` validates every row and writes no ' +
    'passport; `template_id` is each row’s default, `profile` and `category` a new passport’s (a row’s own, or its ' +
    'template’s, come first). Answers 201 with `importId` (status `waiting_upload`) and ' +
    '`upload`: a presigned `PUT` URL for the file (up to 200 MB), the headers it must be sent with, and when it ' +
    'expires (15 minutes). The upload queues the import; `GET /imports/{importId}` follows it. A product is its ' +
    'GTIN and serial (its code alone without a serial): the same file twice in `upsert` creates and changes ' +
    'nothing. Other fields are 400.',
  response: v.strictObject({
    ...importStatusView.entries,
    upload: v.strictObject({
      method: v.literal('PUT'),
      url: v.string(),
      headers: v.record(v.string(), v.string()),
      expires_at: v.string(),
      max_bytes: v.number(),
    }),
  }),
  errors: {
    invalid: invalid(
      'An invalid or unknown field (`VALIDATION_ERROR`), a `mapping_id` that is not a mapping of the company ' +
        '(`MAPPING_NOT_FOUND`)',
    ),
    too_large: 'The body exceeds 256 KiB',
  },
  example: { json: { format: 'csv', mode: 'upsert', dry_run: true }, status: 201 },
}));
