import { ceaseDppRoute } from '../lib/api/routes/cease-dpp';
import { ceaseDpp } from '../lib/dpps/cease-dpp';
import { jwtEndpoint } from '../lib/http/endpoint';

export const handler = jwtEndpoint(ceaseDppRoute, ({ auth, input }) => ceaseDpp(auth, input));
