import { listDppVersionsRoute } from '../lib/api/routes/list-dpp-versions';
import { jwtEndpoint } from '../lib/http/endpoint';
import { listDppVersions } from '../lib/versions/list-versions';

export const handler = jwtEndpoint(listDppVersionsRoute, ({ auth, input }) => listDppVersions(auth, input));
