import { listAccessLog } from '../lib/access-grants/list-access-log';
import { listAccessLogRoute } from '../lib/api/routes/list-access-log';
import { jwtEndpoint } from '../lib/http/endpoint';

export const handler = jwtEndpoint(listAccessLogRoute, ({ auth, input }) => listAccessLog(auth, input));
