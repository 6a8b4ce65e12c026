import { updateTemplateFileRoute } from '../lib/api/routes/update-template-file';
import { endpoint } from '../lib/http/endpoint';
import { multipartBody } from '../lib/http/middleware/multipart-body';
import { ok } from '../lib/http/response';
import { updateTemplateFile } from '../lib/template-files/update-template-file';

export const handler = endpoint(
  updateTemplateFileRoute,
  async ({ auth, input }) => ok(await updateTemplateFile(auth, input)),
  multipartBody(),
);
