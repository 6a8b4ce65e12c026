import { getNonOfficialOperatorRoute } from '../lib/api/routes/get-non-official-operator';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { ok } from '../lib/http/response';
import { getNonOfficialOperator } from '../lib/operators/get-non-official-operator';

export const handler = endpoint(
  getNonOfficialOperatorRoute,
  async ({ auth, input }) => ok(await getNonOfficialOperator(auth, input)),
  { auth: bearerAuth() },
);
