import { GRANT_HEADERS } from '../lib/access-tiers/read-access';
import { readPassportElementRoute } from '../lib/api/routes/read-passport-element';
import { publicEndpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/response';
import { readElement } from '../lib/passport-api/read-element';

export const handler = publicEndpoint(readPassportElementRoute, async ({ input, client }) => {
  const { element, grant } = await readElement(input, client);
  return ok(element, { vary: 'language, x-dpp-access', ...(grant && GRANT_HEADERS) });
});
