import { updateDppCardRoute } from '../lib/api/routes/update-dpp-card';
import { updateDppCard } from '../lib/dpp-cards/update-dpp-card';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { jsonBody } from '../lib/http/middleware/json-body';
import { ok } from '../lib/http/response';

export const handler = endpoint(updateDppCardRoute, async ({ auth, input }) => ok(await updateDppCard(auth, input)), {
  auth: bearerAuth(),
  body: jsonBody(),
});
