import { verifyBusinessRoute } from '../lib/api/routes/verify-business';
import { verifyBusiness } from '../lib/companies/kyb/verify-business';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { idempotency } from '../lib/http/middleware/idempotency';
import { jsonBody } from '../lib/http/middleware/json-body';
import { ok } from '../lib/http/response';

export const handler = endpoint(verifyBusinessRoute, async ({ auth, input }) => ok(await verifyBusiness(auth, input)), {
  auth: bearerAuth(),
  body: jsonBody(),
  idempotency: idempotency(),
});
