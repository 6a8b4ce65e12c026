import { endpoint } from '../lib/http/endpoint';
import { multipartBody } from '../lib/http/middleware/multipart-body';
import { ok } from '../lib/http/response';
import { createTemplateFile, createTemplateFileInput } from '../lib/template-files/service';

export const handler = endpoint(
  'create-template-file',
  { body: multipartBody(), input: createTemplateFileInput },
  async ({ auth, input }) => ok(await createTemplateFile(auth, input)),
);
