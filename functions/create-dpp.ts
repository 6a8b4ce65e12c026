import { createDppRoute } from '../lib/api/routes/create-dpp';
import { createDpp } from '../lib/dpps/create-dpp';
import { idempotentJsonEndpoint } from '../lib/http/json-endpoint';

export const handler = idempotentJsonEndpoint(createDppRoute, ({ auth, input }) => createDpp(auth, input));
