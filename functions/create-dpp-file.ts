import { createDppFile, createDppFileInput } from '../lib/dpp-files/service';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/response';

export const handler = endpoint(
  'create-dpp-file',
  { body: 'multipart', input: createDppFileInput },
  async ({ auth, input }) => ok(await createDppFile(auth, input)),
);
