import { listDppAspectHistoryRoute } from '../lib/api/routes/list-dpp-aspect-history';
import { listAspectHistory } from '../lib/dpp-aspects/list-aspect-history';
import { jwtEndpoint } from '../lib/http/endpoint';

export const handler = jwtEndpoint(listDppAspectHistoryRoute, ({ auth, input }) => listAspectHistory(auth, input));
