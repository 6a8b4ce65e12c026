import { getKybDataRoute } from '../lib/api/routes/get-kyb-data';
import { getKybData } from '../lib/companies/kyb/get-kyb-data';
import { jwtEndpoint } from '../lib/http/endpoint';

export const handler = jwtEndpoint(getKybDataRoute, ({ auth, input }) => getKybData(auth, input));
