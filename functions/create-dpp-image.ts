import { createDppImageRoute } from '../lib/api/routes/create-dpp-image';
import { createDppImage } from '../lib/dpp-images/create-dpp-image';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { idempotency } from '../lib/http/middleware/idempotency';
import { multipartBody } from '../lib/http/middleware/multipart-body';
import { ok } from '../lib/http/response';

export const handler = endpoint(createDppImageRoute, async ({ auth, input }) => ok(await createDppImage(auth, input)), {
  auth: bearerAuth(),
  body: multipartBody(),
  idempotency: idempotency(),
});
