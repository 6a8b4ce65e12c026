import { resolveProductRoute } from '../lib/api/routes/resolve-product';
import { publicEndpoint } from '../lib/http/endpoint';
import { represent } from '../lib/http/response';
import { resolveProduct } from '../lib/resolver/resolve';

export const handler = publicEndpoint(resolveProductRoute, async ({ input }) =>
  represent(await resolveProduct(input), input.headers['if-none-match']),
);
