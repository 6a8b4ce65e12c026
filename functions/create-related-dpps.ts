import { createRelatedDppsRoute } from '../lib/api/routes/create-related-dpps';
import { idempotentJsonEndpoint } from '../lib/http/json-endpoint';
import { createRelatedDpps } from '../lib/related-dpps/create-related-dpps';

export const handler = idempotentJsonEndpoint(createRelatedDppsRoute, ({ auth, input }) =>
  createRelatedDpps(auth, input),
);
