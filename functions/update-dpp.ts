import { updateDppRoute } from '../lib/api/routes/update-dpp';
import { updateDpp } from '../lib/dpps/update-dpp';
import { jwtJsonEndpoint } from '../lib/http/json-endpoint';

export const handler = jwtJsonEndpoint(updateDppRoute, ({ auth, input }) => updateDpp(auth, input));
