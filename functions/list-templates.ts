import { listTemplatesRoute } from '../lib/api/routes/list-templates';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { ok } from '../lib/http/response';
import { listTemplates } from '../lib/templates/list-templates';

export const handler = endpoint(listTemplatesRoute, async ({ auth, input }) => ok(await listTemplates(auth, input)), {
  auth: bearerAuth(),
});
