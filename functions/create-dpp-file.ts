import { createDppFileRoute } from '../lib/api/routes/create-dpp-file';
import { createDppFile } from '../lib/dpp-files/create-dpp-file';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { idempotency } from '../lib/http/middleware/idempotency';
import { multipartBody } from '../lib/http/middleware/multipart-body';
import { ok } from '../lib/http/response';

export const handler = endpoint(createDppFileRoute, async ({ auth, input }) => ok(await createDppFile(auth, input)), {
  auth: bearerAuth(),
  body: multipartBody(),
  idempotency: idempotency(),
});
