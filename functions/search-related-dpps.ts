import { searchRelatedDppsRoute } from '../lib/api/routes/search-related-dpps';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { ok } from '../lib/http/response';
import { searchRelatedDpps } from '../lib/related-dpps/search-related-dpps';

export const handler = endpoint(
  searchRelatedDppsRoute,
  async ({ auth, input }) => ok(await searchRelatedDpps(auth, input)),
  { auth: bearerAuth() },
);
