import { deleteDppCardRoute } from '../lib/api/routes/delete-dpp-card';
import { deleteDppCard } from '../lib/dpp-cards/delete-dpp-card';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { ok } from '../lib/http/response';

export const handler = endpoint(deleteDppCardRoute, async ({ auth, input }) => ok(await deleteDppCard(auth, input)), {
  auth: bearerAuth(),
});
