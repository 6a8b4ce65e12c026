import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/response';
import { createTemplateFile, createTemplateFileInput } from '../lib/template-files/service';

export const handler = endpoint(
  'create-template-file',
  { body: 'multipart', input: createTemplateFileInput },
  async ({ auth, input }) => ok(await createTemplateFile(auth, input)),
);
