import { verifyDppVersionRoute } from '../lib/api/routes/verify-dpp-version';
import { publicEndpoint } from '../lib/http/endpoint';
import { ok, PUBLIC_CACHE } from '../lib/http/response';
import { verifyVersion } from '../lib/verification/verify-version';

export const handler = publicEndpoint(verifyDppVersionRoute, async ({ input }) =>
  ok(await verifyVersion(input), { 'cache-control': PUBLIC_CACHE }),
);
