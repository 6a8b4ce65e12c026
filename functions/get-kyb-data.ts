import { getKybDataRoute } from '../lib/api/routes/get-kyb-data';
import { jwtEndpoint } from '../lib/http/endpoint';
import { getKybData } from '../lib/kyb/get-kyb-data';

export const handler = jwtEndpoint(getKybDataRoute, ({ auth, input }) => getKybData(auth, input));
