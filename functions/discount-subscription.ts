import { discountSubscriptionRoute } from '../lib/api/routes/discount-subscription';
import { discountSubscription } from '../lib/companies/plan/discount-subscription';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { idempotency } from '../lib/http/middleware/idempotency';
import { jsonBody } from '../lib/http/middleware/json-body';
import { ok } from '../lib/http/response';

export const handler = endpoint(
  discountSubscriptionRoute,
  async ({ auth, input }) => ok(await discountSubscription(auth, input)),
  { auth: bearerAuth(), body: jsonBody(), idempotency: idempotency() },
);
