import { listTemplateFilesRoute } from '../lib/api/routes/list-template-files';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { ok } from '../lib/http/response';
import { listTemplateFiles } from '../lib/templates/list-template-files';

export const handler = endpoint(
  listTemplateFilesRoute,
  async ({ auth, input }) => ok(await listTemplateFiles(auth, input)),
  { auth: bearerAuth() },
);
