import { updateTemplateRoute } from '../lib/api/routes/update-template';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { jsonBody } from '../lib/http/middleware/json-body';
import { ok } from '../lib/http/response';
import { updateTemplate } from '../lib/templates/update-template';

export const handler = endpoint(updateTemplateRoute, async ({ auth, input }) => ok(await updateTemplate(auth, input)), {
  auth: bearerAuth(),
  body: jsonBody(),
});
