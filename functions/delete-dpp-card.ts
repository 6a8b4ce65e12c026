import { deleteDppCardRoute } from '../lib/api/routes/delete-dpp-card';
import { deleteDppCard } from '../lib/dpp-cards/delete-dpp-card';
import { jwtEndpoint } from '../lib/http/endpoint';

export const handler = jwtEndpoint(deleteDppCardRoute, ({ auth, input }) => deleteDppCard(auth, input));
