import { resolveProductRoute } from '../lib/api/routes/resolve-product';
import { publicPageEndpoint } from '../lib/http/page-endpoint';
import { represent } from '../lib/http/response';
import { resolveProduct } from '../lib/resolver/resolve';

export const handler = publicPageEndpoint(resolveProductRoute, async ({ input }) =>
  represent(await resolveProduct(input), input.headers['if-none-match']),
);
