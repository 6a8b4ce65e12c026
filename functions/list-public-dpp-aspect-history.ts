import { GRANT_HEADERS } from '../lib/access-tiers/read-access';
import { listPublicDppAspectHistoryRoute } from '../lib/api/routes/list-public-dpp-aspect-history';
import { listPublicAspectHistory } from '../lib/dpp-aspects/list-public-aspect-history';
import { publicEndpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/response';

export const handler = publicEndpoint(listPublicDppAspectHistoryRoute, async ({ input, client }) => {
  const { body, grant } = await listPublicAspectHistory(input, client);
  return ok(body, { vary: 'x-dpp-access', ...(grant && GRANT_HEADERS) });
});
