import { putDppTranslationRoute } from '../lib/api/routes/put-dpp-translation';
import { putDppTranslation } from '../lib/dpps/put-dpp-translation';
import { jwtJsonEndpoint } from '../lib/http/json-endpoint';

export const handler = jwtJsonEndpoint(putDppTranslationRoute, ({ auth, input }) => putDppTranslation(auth, input));
