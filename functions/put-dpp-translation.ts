import { putDppTranslationRoute } from '../lib/api/routes/put-dpp-translation';
import { putDppTranslation } from '../lib/dpps/put-dpp-translation';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { jsonBody } from '../lib/http/middleware/json-body';
import { ok } from '../lib/http/response';

export const handler = endpoint(
  putDppTranslationRoute,
  async ({ auth, input }) => ok(await putDppTranslation(auth, input)),
  { auth: bearerAuth(), body: jsonBody() },
);
