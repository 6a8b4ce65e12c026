import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/response';
import { deleteTemplateFile, deleteTemplateFileInput } from '../lib/template-files/service';

export const handler = endpoint('delete-template-file', { input: deleteTemplateFileInput }, async ({ auth, input }) =>
  ok(await deleteTemplateFile(auth, input)),
);
