import { listDppNotarizationsRoute } from '../lib/api/routes/list-dpp-notarizations';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { ok } from '../lib/http/response';
import { listDppNotarizations } from '../lib/notarizations/list-notarizations';

export const handler = endpoint(
  listDppNotarizationsRoute,
  async ({ auth, input }) => ok(await listDppNotarizations(auth, input)),
  { auth: bearerAuth() },
);
