import { createAccessGrant } from '../lib/access-grants/create-access-grant';
import { createAccessGrantRoute } from '../lib/api/routes/create-access-grant';
import { jwtJsonEndpoint } from '../lib/http/json-endpoint';
import { raw } from '../lib/http/response';

// 201: a grant is a new resource; never cached, as the answer holds the grant's secret.
export const handler = jwtJsonEndpoint(createAccessGrantRoute, async ({ auth, input }) =>
  raw(
    201,
    { 'content-type': 'application/json', 'cache-control': 'no-store' },
    JSON.stringify(await createAccessGrant(auth, input)),
  ),
);
