import { createDppCardRoute } from '../lib/api/routes/create-dpp-card';
import { createDppCard } from '../lib/dpp-cards/create-dpp-card';
import { idempotentJsonEndpoint } from '../lib/http/json-endpoint';

export const handler = idempotentJsonEndpoint(createDppCardRoute, ({ auth, input }) => createDppCard(auth, input));
