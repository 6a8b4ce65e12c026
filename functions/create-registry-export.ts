import { createRegistryExportRoute } from '../lib/api/routes/create-registry-export';
import { jwtEndpoint } from '../lib/http/endpoint';
import { createRegistryExport } from '../lib/registry/create-registry-export';

export const handler = jwtEndpoint(createRegistryExportRoute, ({ auth, input }) => createRegistryExport(auth, input));
