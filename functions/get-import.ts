import { getImportRoute } from '../lib/api/routes/get-import';
import { jwtEndpoint } from '../lib/http/endpoint';
import { getImport } from '../lib/imports/get-import';

export const handler = jwtEndpoint(getImportRoute, ({ auth, input }) => getImport(auth, input));
