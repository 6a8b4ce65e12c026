import { createImportRoute } from '../lib/api/routes/create-import';
import { jwtJsonEndpoint } from '../lib/http/json-endpoint';
import { raw } from '../lib/http/response';
import { createImport } from '../lib/imports/create-import';

// 201: an import is a new resource; never cached, as the answer holds a presigned upload.
export const handler = jwtJsonEndpoint(createImportRoute, async ({ auth, input }) =>
  raw(
    201,
    { 'content-type': 'application/json', 'cache-control': 'no-store' },
    JSON.stringify(await createImport(auth, input)),
  ),
);
