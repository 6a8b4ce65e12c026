import { createSuccessorRoute } from '../lib/api/routes/create-successor';
import { createSuccessor } from '../lib/dpps/create-successor';
import { idempotentJsonEndpoint } from '../lib/http/json-endpoint';

export const handler = idempotentJsonEndpoint(createSuccessorRoute, ({ auth, input }) => createSuccessor(auth, input));
