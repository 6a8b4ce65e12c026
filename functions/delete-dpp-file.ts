import { deleteDppFileRoute } from '../lib/api/routes/delete-dpp-file';
import { deleteDppFile } from '../lib/dpp-files/delete-dpp-file';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { ok } from '../lib/http/response';

export const handler = endpoint(deleteDppFileRoute, async ({ auth, input }) => ok(await deleteDppFile(auth, input)), {
  auth: bearerAuth(),
});
