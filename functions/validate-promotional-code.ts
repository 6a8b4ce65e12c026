import { validatePromotionalCodeRoute } from '../lib/api/routes/validate-promotional-code';
import { validatePromotionalCode } from '../lib/companies/plan/validate-promotional-code';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { idempotency } from '../lib/http/middleware/idempotency';
import { jsonBody } from '../lib/http/middleware/json-body';
import { ok } from '../lib/http/response';

export const handler = endpoint(
  validatePromotionalCodeRoute,
  async ({ auth, input }) => ok(await validatePromotionalCode(auth, input)),
  { auth: bearerAuth(), body: jsonBody(), idempotency: idempotency() },
);
