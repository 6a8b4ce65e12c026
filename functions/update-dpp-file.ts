import { updateDppFile, updateDppFileInput } from '../lib/dpp-files/service';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/response';

export const handler = endpoint(
  'update-dpp-file',
  { body: 'multipart', input: updateDppFileInput },
  async ({ auth, input }) => ok(await updateDppFile(auth, input)),
);
