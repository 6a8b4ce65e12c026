import { createDppVersionRoute } from '../lib/api/routes/create-dpp-version';
import { idempotentJsonEndpoint } from '../lib/http/json-endpoint';
import { createDppVersion } from '../lib/versions/create-version';

export const handler = idempotentJsonEndpoint(createDppVersionRoute, ({ auth, input }) =>
  createDppVersion(auth, input),
);
