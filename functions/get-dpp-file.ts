import { getDppFileRoute } from '../lib/api/routes/get-dpp-file';
import { getDppFile } from '../lib/dpp-files/get-dpp-file';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { ok } from '../lib/http/response';

export const handler = endpoint(getDppFileRoute, async ({ auth, input }) => ok(await getDppFile(auth, input)), {
  auth: bearerAuth(),
});
