import { getDppFile, getDppFileInput } from '../lib/dpp-files/service';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/response';

export const handler = endpoint('get-dpp-file', { input: getDppFileInput }, async ({ auth, input }) =>
  ok(await getDppFile(auth, input)),
);
