import { verifyBusinessRoute } from '../lib/api/routes/verify-business';
import { verifyBusiness } from '../lib/companies/kyb/verify-business';
import { idempotentJsonEndpoint } from '../lib/http/json-endpoint';

export const handler = idempotentJsonEndpoint(verifyBusinessRoute, ({ auth, input }) => verifyBusiness(auth, input));
