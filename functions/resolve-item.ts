import { resolveItemRoute } from '../lib/api/routes/resolve-item';
import { publicEndpoint } from '../lib/http/endpoint';
import { represent } from '../lib/http/response';
import { resolveItem } from '../lib/resolver/resolve';

export const handler = publicEndpoint(resolveItemRoute, async ({ input }) =>
  represent(await resolveItem(input), input.headers['if-none-match']),
);
