import { createImportMappingRoute } from '../lib/api/routes/create-import-mapping';
import { jwtJsonEndpoint } from '../lib/http/json-endpoint';
import { raw } from '../lib/http/response';
import { createImportMapping } from '../lib/imports/create-import-mapping';

export const handler = jwtJsonEndpoint(createImportMappingRoute, async ({ auth, input }) =>
  raw(
    201,
    { 'content-type': 'application/json', 'cache-control': 'no-store' },
    JSON.stringify(await createImportMapping(auth, input)),
  ),
);
