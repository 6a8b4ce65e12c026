import { createDppFileRoute } from '../lib/api/routes/create-dpp-file';
import { createDppFile } from '../lib/dpp-files/create-dpp-file';
import { idempotentMultipartEndpoint } from '../lib/http/multipart-endpoint';

export const handler = idempotentMultipartEndpoint(createDppFileRoute, ({ auth, input }) => createDppFile(auth, input));
