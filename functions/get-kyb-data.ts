import { getKybDataRoute } from '../lib/api/routes/get-kyb-data';
import { getKybData } from '../lib/companies/kyb/get-kyb-data';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { ok } from '../lib/http/response';

export const handler = endpoint(getKybDataRoute, async ({ auth, input }) => ok(await getKybData(auth, input)), {
  auth: bearerAuth(),
});
