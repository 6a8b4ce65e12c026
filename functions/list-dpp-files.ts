import { listDppFilesRoute } from '../lib/api/routes/list-dpp-files';
import { listDppFiles } from '../lib/dpp-files/list-dpp-files';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { ok } from '../lib/http/response';

export const handler = endpoint(listDppFilesRoute, async ({ auth, input }) => ok(await listDppFiles(auth, input)), {
  auth: bearerAuth(),
});
