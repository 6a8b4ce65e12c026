import { notarizeDppVersionRoute } from '../lib/api/routes/notarize-dpp-version';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { idempotency } from '../lib/http/middleware/idempotency';
import { multipartBody } from '../lib/http/middleware/multipart-body';
import { ok } from '../lib/http/response';
import { notarizeDppVersion } from '../lib/notarizations/notarize-version';

export const handler = endpoint(
  notarizeDppVersionRoute,
  async ({ auth, input }) => ok(await notarizeDppVersion(auth, input)),
  { auth: bearerAuth(), body: multipartBody(), idempotency: idempotency() },
);
