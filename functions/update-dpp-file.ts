import { updateDppFileRoute } from '../lib/api/routes/update-dpp-file';
import { updateDppFile } from '../lib/dpp-files/update-dpp-file';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { multipartBody } from '../lib/http/middleware/multipart-body';
import { ok } from '../lib/http/response';

export const handler = endpoint(updateDppFileRoute, async ({ auth, input }) => ok(await updateDppFile(auth, input)), {
  auth: bearerAuth(),
  body: multipartBody(),
});
