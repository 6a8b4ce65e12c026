import { listDppFiles, listDppFilesInput } from '../lib/dpp-files/service';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/response';

export const handler = endpoint('list-dpp-files', { input: listDppFilesInput }, async ({ auth, input }) =>
  ok(await listDppFiles(auth, input)),
);
