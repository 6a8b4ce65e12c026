import { createTemplateRoute } from '../lib/api/routes/create-template';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { idempotency } from '../lib/http/middleware/idempotency';
import { jsonBody } from '../lib/http/middleware/json-body';
import { ok } from '../lib/http/response';
import { createTemplate } from '../lib/templates/create-template';

export const handler = endpoint(createTemplateRoute, async ({ auth, input }) => ok(await createTemplate(auth, input)), {
  auth: bearerAuth(),
  body: jsonBody(),
  idempotency: idempotency(),
});
