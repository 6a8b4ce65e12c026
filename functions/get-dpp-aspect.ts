import { GRANT_HEADERS } from '../lib/access-tiers/read-access';
import { getDppAspectRoute } from '../lib/api/routes/get-dpp-aspect';
import { viewDppAspect } from '../lib/dpps/view-dpp-aspect';
import { publicEndpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/response';

export const handler = publicEndpoint(getDppAspectRoute, async ({ input, client }) => {
  const { document, grant } = await viewDppAspect(input, client);
  return ok(document, { vary: 'x-dpp-access', ...(grant && GRANT_HEADERS) });
});
