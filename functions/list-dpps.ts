import { listDppsRoute } from '../lib/api/routes/list-dpps';
import { listDpps } from '../lib/dpps/list-dpps';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { ok } from '../lib/http/response';

export const handler = endpoint(listDppsRoute, async ({ auth, input }) => ok(await listDpps(auth, input)), {
  auth: bearerAuth(),
});
