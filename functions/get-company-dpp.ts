import { getCompanyDppRoute } from '../lib/api/routes/get-company-dpp';
import { getCompanyDpp } from '../lib/dpps/get-company-dpp';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { ok } from '../lib/http/response';

export const handler = endpoint(getCompanyDppRoute, async ({ auth, input }) => ok(await getCompanyDpp(auth, input)), {
  auth: bearerAuth(),
});
