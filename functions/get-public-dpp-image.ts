import { getPublicDppImageRoute } from '../lib/api/routes/get-public-dpp-image';
import { getPublicDppImage } from '../lib/dpp-images/get-public-dpp-image';
import { PUBLIC_DOWNLOAD_CACHE } from '../lib/files/storage';
import { publicEndpoint } from '../lib/http/endpoint';
import { raw } from '../lib/http/response';

export const handler = publicEndpoint(getPublicDppImageRoute, async ({ input }) =>
  raw(307, { location: await getPublicDppImage(input), 'cache-control': PUBLIC_DOWNLOAD_CACHE }),
);
