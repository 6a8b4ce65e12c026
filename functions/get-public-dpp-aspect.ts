import { GRANT_HEADERS } from '../lib/access-tiers/read-access';
import { getPublicDppAspectRoute } from '../lib/api/routes/get-public-dpp-aspect';
import { viewDppAspect } from '../lib/dpps/view-dpp-aspect';
import { publicEndpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/response';

export const handler = publicEndpoint(getPublicDppAspectRoute, async ({ input, client }) => {
  const { document, grant } = await viewDppAspect(input, client);
  return ok(document, { vary: 'x-dpp-access', ...(grant && GRANT_HEADERS) });
});
