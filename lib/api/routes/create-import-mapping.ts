import * as v from 'valibot';
import { createImportMappingInput } from '../../imports/create-import-mapping';
import { defineRoute } from '../contract';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';

export const createImportMappingRoute = defineRoute({
  method: 'POST',
  path: '/import-mappings',
  fn: 'create-import-mapping',
  auth: 'jwt',
  access: { table: 'write' },
  body: 'json',
  input: createImportMappingInput,
  errors: { invalid: 400, too_large: 413, ...authenticated },
});

export const createImportMappingDocs = /* @__PURE__ */ describeRoute(createImportMappingRoute, () => ({
  tag: 'Bulk import',
  summary: 'Save a column mapping for bulk imports',
  status: 201,
  description:
    'JSON `{name, columns}`: `columns` maps the company’s own ERP or PIM export headers to import field names ' +
    '(`{"Artikelname": "name", "EAN": "code", "Seriennummer": "serial"}`); `POST /imports` takes its ' +
    '`mapping_id`. A header not in the mapping keeps its own name.',
  response: v.strictObject({
    mapping: v.strictObject({
      mapping_id: v.string(),
      name: v.string(),
      columns: v.record(v.string(), v.string()),
      created_at: v.string(),
    }),
  }),
  errors: {
    invalid: invalid('An invalid or unknown field, or a column mapped to no field name'),
    too_large: 'The body exceeds 256 KiB',
  },
  example: {
    json: { name: 'SAP export', columns: { Artikelname: 'name', EAN: 'code', Seriennummer: 'serial' } },
    status: 201,
  },
}));
