import { createTemplateFileRoute } from '../lib/api/routes/create-template-file';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { idempotency } from '../lib/http/middleware/idempotency';
import { multipartBody } from '../lib/http/middleware/multipart-body';
import { ok } from '../lib/http/response';
import { createTemplateFile } from '../lib/templates/create-template-file';

export const handler = endpoint(
  createTemplateFileRoute,
  async ({ auth, input }) => ok(await createTemplateFile(auth, input)),
  { auth: bearerAuth(), body: multipartBody(), idempotency: idempotency() },
);
