import { createDppVersionRoute } from '../lib/api/routes/create-dpp-version';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { idempotency } from '../lib/http/middleware/idempotency';
import { jsonBody } from '../lib/http/middleware/json-body';
import { ok } from '../lib/http/response';
import { createDppVersion } from '../lib/versions/create-version';

export const handler = endpoint(
  createDppVersionRoute,
  async ({ auth, input }) => ok(await createDppVersion(auth, input)),
  { auth: bearerAuth(), body: jsonBody(), idempotency: idempotency() },
);
