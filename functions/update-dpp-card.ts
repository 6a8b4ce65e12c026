import { updateDppCardRoute } from '../lib/api/routes/update-dpp-card';
import { updateDppCard } from '../lib/dpp-cards/update-dpp-card';
import { jwtJsonEndpoint } from '../lib/http/json-endpoint';

export const handler = jwtJsonEndpoint(updateDppCardRoute, ({ auth, input }) => updateDppCard(auth, input));
