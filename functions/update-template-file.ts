import { endpoint } from '../lib/http/endpoint';
import { multipartBody } from '../lib/http/middleware/multipart-body';
import { ok } from '../lib/http/response';
import { updateTemplateFile, updateTemplateFileInput } from '../lib/template-files/service';

export const handler = endpoint(
  'update-template-file',
  { body: multipartBody(), input: updateTemplateFileInput },
  async ({ auth, input }) => ok(await updateTemplateFile(auth, input)),
);
