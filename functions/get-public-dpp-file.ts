import { getPublicDppFileRoute } from '../lib/api/routes/get-public-dpp-file';
import { getPublicDppFile } from '../lib/dpp-files/get-public-dpp-file';
import { PUBLIC_DOWNLOAD_CACHE } from '../lib/files/storage';
import { publicEndpoint } from '../lib/http/endpoint';
import { raw } from '../lib/http/response';

export const handler = publicEndpoint(getPublicDppFileRoute, async ({ input }) =>
  raw(307, { location: await getPublicDppFile(input), 'cache-control': PUBLIC_DOWNLOAD_CACHE }),
);
