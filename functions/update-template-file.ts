import { updateTemplateFileRoute } from '../lib/api/routes/update-template-file';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { multipartBody } from '../lib/http/middleware/multipart-body';
import { ok } from '../lib/http/response';
import { updateTemplateFile } from '../lib/templates/update-template-file';

export const handler = endpoint(
  updateTemplateFileRoute,
  async ({ auth, input }) => ok(await updateTemplateFile(auth, input)),
  { auth: bearerAuth(), body: multipartBody() },
);
