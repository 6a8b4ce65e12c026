import { GRANT_HEADERS } from '../lib/access-tiers/read-access';
import { downloadDppFileRoute } from '../lib/api/routes/download-dpp-file';
import { downloadDppFile } from '../lib/dpp-files/download-dpp-file';
import { publicEndpoint } from '../lib/http/endpoint';
import { raw } from '../lib/http/response';

export const handler = publicEndpoint(downloadDppFileRoute, async ({ input, client }) =>
  raw(307, { location: await downloadDppFile(input, client), ...GRANT_HEADERS }),
);
