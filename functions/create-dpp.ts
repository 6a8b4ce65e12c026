import { createDppRoute } from '../lib/api/routes/create-dpp';
import { createDpp } from '../lib/dpps/create-dpp';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { idempotency } from '../lib/http/middleware/idempotency';
import { jsonBody } from '../lib/http/middleware/json-body';
import { ok } from '../lib/http/response';

export const handler = endpoint(createDppRoute, async ({ auth, input }) => ok(await createDpp(auth, input)), {
  auth: bearerAuth(),
  body: jsonBody(),
  idempotency: idempotency(),
});
