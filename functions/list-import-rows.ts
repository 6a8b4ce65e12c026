import { listImportRowsRoute } from '../lib/api/routes/list-import-rows';
import { jwtEndpoint } from '../lib/http/endpoint';
import { listImportRows } from '../lib/imports/list-import-rows';

export const handler = jwtEndpoint(listImportRowsRoute, ({ auth, input }) => listImportRows(auth, input));
