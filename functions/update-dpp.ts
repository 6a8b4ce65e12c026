import { updateDppRoute } from '../lib/api/routes/update-dpp';
import { updateDpp } from '../lib/dpps/update-dpp';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { jsonBody } from '../lib/http/middleware/json-body';
import { ok } from '../lib/http/response';

export const handler = endpoint(updateDppRoute, async ({ auth, input }) => ok(await updateDpp(auth, input)), {
  auth: bearerAuth(),
  body: jsonBody(),
});
