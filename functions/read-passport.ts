import { GRANT_HEADERS } from '../lib/access-tiers/read-access';
import { readPassportRoute } from '../lib/api/routes/read-passport';
import { publicEndpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/response';
import { readPassportById } from '../lib/passport-api/read-passport';

export const handler = publicEndpoint(readPassportRoute, async ({ input, client }) => {
  const { passport, language, grant } = await readPassportById(input, client);
  return ok(passport, { 'content-language': language, vary: 'language, x-dpp-access', ...(grant && GRANT_HEADERS) });
});
