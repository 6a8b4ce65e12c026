import { updatePassportElementRoute } from '../lib/api/routes/update-passport-element';
import { jwtJsonEndpoint } from '../lib/http/json-endpoint';
import { updateElement } from '../lib/passport-api/update-element';

export const handler = jwtJsonEndpoint(updatePassportElementRoute, ({ auth, input }) => updateElement(auth, input));
