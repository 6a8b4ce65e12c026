import { listDppsRoute } from '../lib/api/routes/list-dpps';
import { listDpps } from '../lib/dpps/list-dpps';
import { jwtEndpoint } from '../lib/http/endpoint';

export const handler = jwtEndpoint(listDppsRoute, ({ auth, input }) => listDpps(auth, input));
