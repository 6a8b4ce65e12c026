import { listImportsRoute } from '../lib/api/routes/list-imports';
import { jwtEndpoint } from '../lib/http/endpoint';
import { listImports } from '../lib/imports/list-imports';

export const handler = jwtEndpoint(listImportsRoute, ({ auth, input }) => listImports(auth, input));
