import { verifyBusinessRoute } from '../lib/api/routes/verify-business';
import { idempotentJsonEndpoint } from '../lib/http/json-endpoint';
import { verifyBusiness } from '../lib/kyb/verify-business';

export const handler = idempotentJsonEndpoint(verifyBusinessRoute, ({ auth, input }) => verifyBusiness(auth, input));
