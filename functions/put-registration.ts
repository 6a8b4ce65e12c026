import { putRegistrationRoute } from '../lib/api/routes/put-registration';
import { jwtJsonEndpoint } from '../lib/http/json-endpoint';
import { putRegistration } from '../lib/registry/put-registration';

export const handler = jwtJsonEndpoint(putRegistrationRoute, ({ auth, input }) => putRegistration(auth, input));
