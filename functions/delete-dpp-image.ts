import { deleteDppImageRoute } from '../lib/api/routes/delete-dpp-image';
import { deleteDppImage } from '../lib/dpp-images/delete-dpp-image';
import { jwtEndpoint } from '../lib/http/endpoint';

export const handler = jwtEndpoint(deleteDppImageRoute, ({ auth, input }) => deleteDppImage(auth, input));
