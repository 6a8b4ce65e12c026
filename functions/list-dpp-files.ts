import { listDppFilesRoute } from '../lib/api/routes/list-dpp-files';
import { listDppFiles } from '../lib/dpp-files/list-dpp-files';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/response';

export const handler = endpoint(listDppFilesRoute, async ({ auth, input }) => ok(await listDppFiles(auth, input)));
