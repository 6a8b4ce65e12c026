import { updateDppImageRoute } from '../lib/api/routes/update-dpp-image';
import { updateDppImage } from '../lib/dpp-images/update-dpp-image';
import { jwtJsonEndpoint } from '../lib/http/json-endpoint';

export const handler = jwtJsonEndpoint(updateDppImageRoute, ({ auth, input }) => updateDppImage(auth, input));
