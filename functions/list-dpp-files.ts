import { listDppFilesRoute } from '../lib/api/routes/list-dpp-files';
import { listDppFiles } from '../lib/dpp-files/list-dpp-files';
import { jwtEndpoint } from '../lib/http/endpoint';

export const handler = jwtEndpoint(listDppFilesRoute, ({ auth, input }) => listDppFiles(auth, input));
