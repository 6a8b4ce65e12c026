import { updateDppFile, updateDppFileInput } from '../lib/dpp-files/service';
import { endpoint } from '../lib/http/endpoint';
import { multipartBody } from '../lib/http/middleware/multipart-body';
import { ok } from '../lib/http/response';

export const handler = endpoint(
  'update-dpp-file',
  { body: multipartBody(), input: updateDppFileInput },
  async ({ auth, input }) => ok(await updateDppFile(auth, input)),
);
