import { listNonOfficialOperatorsRoute } from '../lib/api/routes/list-non-official-operators';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { ok } from '../lib/http/response';
import { listNonOfficialOperators } from '../lib/operators/list-non-official-operators';

export const handler = endpoint(
  listNonOfficialOperatorsRoute,
  async ({ auth, input }) => ok(await listNonOfficialOperators(auth, input)),
  { auth: bearerAuth() },
);
