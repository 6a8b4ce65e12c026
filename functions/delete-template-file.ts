import { deleteTemplateFileRoute } from '../lib/api/routes/delete-template-file';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { ok } from '../lib/http/response';
import { deleteTemplateFile } from '../lib/templates/delete-template-file';

export const handler = endpoint(
  deleteTemplateFileRoute,
  async ({ auth, input }) => ok(await deleteTemplateFile(auth, input)),
  { auth: bearerAuth() },
);
