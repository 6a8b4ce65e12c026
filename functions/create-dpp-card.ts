import { createDppCardRoute } from '../lib/api/routes/create-dpp-card';
import { createDppCard } from '../lib/dpp-cards/create-dpp-card';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { idempotency } from '../lib/http/middleware/idempotency';
import { jsonBody } from '../lib/http/middleware/json-body';
import { ok } from '../lib/http/response';

export const handler = endpoint(createDppCardRoute, async ({ auth, input }) => ok(await createDppCard(auth, input)), {
  auth: bearerAuth(),
  body: jsonBody(),
  idempotency: idempotency(),
});
