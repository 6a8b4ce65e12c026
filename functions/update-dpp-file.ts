import { updateDppFileRoute } from '../lib/api/routes/update-dpp-file';
import { updateDppFile } from '../lib/dpp-files/update-dpp-file';
import { jwtMultipartEndpoint } from '../lib/http/multipart-endpoint';

export const handler = jwtMultipartEndpoint(updateDppFileRoute, ({ auth, input }) => updateDppFile(auth, input));
