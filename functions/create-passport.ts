import { createPassportRoute } from '../lib/api/routes/create-passport';
import { idempotentJsonEndpoint } from '../lib/http/json-endpoint';
import { createPassport } from '../lib/passport-api/create-passport';

export const handler = idempotentJsonEndpoint(createPassportRoute, ({ auth, input }) => createPassport(auth, input));
