import { createDppFile, createDppFileInput } from '../lib/dpp-files/service';
import { endpoint } from '../lib/http/endpoint';
import { multipartBody } from '../lib/http/middleware/multipart-body';
import { ok } from '../lib/http/response';

export const handler = endpoint(
  'create-dpp-file',
  { body: multipartBody(), input: createDppFileInput },
  async ({ auth, input }) => ok(await createDppFile(auth, input)),
);
