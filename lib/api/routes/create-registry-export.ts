import { createRegistryExportInput } from '../../registry/create-registry-export';
import { defineRoute } from '../contract';
import { describeRoute } from '../docs';
import { authenticated, takesNothing } from '../errors';
import { registryExport } from '../views';

export const createRegistryExportRoute = defineRoute({
  method: 'POST',
  path: '/registry-exports',
  fn: 'create-registry-export',
  auth: 'jwt',
  access: { table: 'write', tableIndexes: true, bucket: ['get', 'put', 'delete'], links: true, backup: true },
  input: createRegistryExportInput,
  errors: { invalid: 400, conflict: 409, ...authenticated },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const createRegistryExportDocs = /* @__PURE__ */ describeRoute(createRegistryExportRoute, () => ({
  tag: 'EU registry',
  summary: 'Export the EU registry records of the passports created or changed since the last export',
  description:
    'No body. The bulk registration files for the EU DPP registry: the records (`GET /dpps/{dppId}/registry-record`) ' +
    'of every published passport of the company created or changed since its last export (all of them the first ' +
    'time), as JSON files of at most 100 records each (the registry’s limit per upload file), each a JSON array ' +
    'of records, behind links signed for 15 minutes (`files`, with the ids of the passports in each). A changed ' +
    'passport that is not published, or whose record lacks a part, is left out and listed in `skipped` (with ' +
    'what it lacks); it is exported once it is complete and changes again. `since` and `until`: the changes this ' +
    'export covers (`since` null the first time); the next export starts at `until` (docs/behaviour.md, Bulk ' +
    'registration). An export with nothing changed answers no file and still moves `until`.',
  response: registryExport,
  errors: {
    invalid: takesNothing,
    conflict: 'Another export of the company ran at the same time (`EXPORT_CONFLICT`): export again',
  },
  example: { status: 200 },
}));
