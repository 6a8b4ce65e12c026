import { GRANT_HEADERS } from '../lib/access-tiers/read-access';
import { downloadDppImageRoute } from '../lib/api/routes/download-dpp-image';
import { downloadDppImage } from '../lib/dpp-images/download-dpp-image';
import { publicEndpoint } from '../lib/http/endpoint';
import { raw } from '../lib/http/response';

export const handler = publicEndpoint(downloadDppImageRoute, async ({ input, client }) =>
  raw(307, { location: await downloadDppImage(input, client), ...GRANT_HEADERS }),
);
