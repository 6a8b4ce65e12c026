import { resolveItemRoute } from '../lib/api/routes/resolve-item';
import { publicPageEndpoint } from '../lib/http/page-endpoint';
import { represent } from '../lib/http/response';
import { resolveItem } from '../lib/resolver/resolve';

export const handler = publicPageEndpoint(resolveItemRoute, async ({ input }) =>
  represent(await resolveItem(input), input.headers['if-none-match']),
);
