import { GRANT_HEADERS } from '../lib/access-tiers/read-access';
import { readPassportByProductRoute } from '../lib/api/routes/read-passport-by-product';
import { publicEndpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/response';
import { readPassportByProduct } from '../lib/passport-api/read-passport-by-product';

export const handler = publicEndpoint(readPassportByProductRoute, async ({ input, client }) => {
  const { passport, language, grant } = await readPassportByProduct(input, client);
  return ok(passport, { 'content-language': language, vary: 'language, x-dpp-access', ...(grant && GRANT_HEADERS) });
});
