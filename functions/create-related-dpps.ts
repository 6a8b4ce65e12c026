import { createRelatedDppsRoute } from '../lib/api/routes/create-related-dpps';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { idempotency } from '../lib/http/middleware/idempotency';
import { jsonBody } from '../lib/http/middleware/json-body';
import { ok } from '../lib/http/response';
import { createRelatedDpps } from '../lib/related-dpps/create-related-dpps';

export const handler = endpoint(
  createRelatedDppsRoute,
  async ({ auth, input }) => ok(await createRelatedDpps(auth, input)),
  { auth: bearerAuth(), body: jsonBody(), idempotency: idempotency() },
);
