import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/response';
import { listTemplateFiles, listTemplateFilesInput } from '../lib/template-files/list';

export const handler = endpoint('list-template-files', { input: listTemplateFilesInput }, async ({ auth, input }) =>
  ok(await listTemplateFiles(auth, input)),
);
