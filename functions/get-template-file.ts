import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/response';
import { getTemplateFile, getTemplateFileInput } from '../lib/template-files/service';

export const handler = endpoint('get-template-file', { input: getTemplateFileInput }, async ({ auth, input }) =>
  ok(await getTemplateFile(auth, input)),
);
