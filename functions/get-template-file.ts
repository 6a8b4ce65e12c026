import { getTemplateFileRoute } from '../lib/api/routes/get-template-file';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { ok } from '../lib/http/response';
import { getTemplateFile } from '../lib/templates/get-template-file';

export const handler = endpoint(
  getTemplateFileRoute,
  async ({ auth, input }) => ok(await getTemplateFile(auth, input)),
  { auth: bearerAuth() },
);
