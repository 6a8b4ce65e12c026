import { listAccessGrants } from '../lib/access-grants/list-access-grants';
import { listAccessGrantsRoute } from '../lib/api/routes/list-access-grants';
import { jwtEndpoint } from '../lib/http/endpoint';

export const handler = jwtEndpoint(listAccessGrantsRoute, ({ auth, input }) => listAccessGrants(auth, input));
