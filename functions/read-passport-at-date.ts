import { GRANT_HEADERS } from '../lib/access-tiers/read-access';
import { readPassportAtDateRoute } from '../lib/api/routes/read-passport-at-date';
import { publicEndpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/response';
import { readPassportAtDate } from '../lib/passport-api/read-passport-at-date';

export const handler = publicEndpoint(readPassportAtDateRoute, async ({ input, client }) => {
  const { passport, grant } = await readPassportAtDate(input, client);
  return ok(passport, { vary: 'x-dpp-access', ...(grant && GRANT_HEADERS) });
});
