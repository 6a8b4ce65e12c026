import { listDppVersionsRoute } from '../lib/api/routes/list-dpp-versions';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { ok } from '../lib/http/response';
import { listDppVersions } from '../lib/versions/list-versions';

export const handler = endpoint(
  listDppVersionsRoute,
  async ({ auth, input }) => ok(await listDppVersions(auth, input)),
  {
    auth: bearerAuth(),
  },
);
