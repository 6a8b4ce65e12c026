import { deleteDppFile, deleteDppFileInput } from '../lib/dpp-files/service';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/response';

export const handler = endpoint('delete-dpp-file', { input: deleteDppFileInput }, async ({ auth, input }) =>
  ok(await deleteDppFile(auth, input)),
);
