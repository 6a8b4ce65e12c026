import { getDppAspectRoute } from '../lib/api/routes/get-dpp-aspect';
import { getAspect } from '../lib/dpp-aspects/get-aspect';
import { jwtEndpoint } from '../lib/http/endpoint';

export const handler = jwtEndpoint(getDppAspectRoute, ({ auth, input }) => getAspect(auth, input));
