import { deleteDppImageRoute } from '../lib/api/routes/delete-dpp-image';
import { deleteDppImage } from '../lib/dpp-images/delete-dpp-image';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { ok } from '../lib/http/response';

export const handler = endpoint(deleteDppImageRoute, async ({ auth, input }) => ok(await deleteDppImage(auth, input)), {
  auth: bearerAuth(),
});
