import { getRegistryRecordRoute } from '../lib/api/routes/get-registry-record';
import { jwtEndpoint } from '../lib/http/endpoint';
import { getRegistryRecord } from '../lib/registry/get-registry-record';

export const handler = jwtEndpoint(getRegistryRecordRoute, ({ auth, input }) => getRegistryRecord(auth, input));
