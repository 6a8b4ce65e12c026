import { listDppNotarizationsRoute } from '../lib/api/routes/list-dpp-notarizations';
import { jwtEndpoint } from '../lib/http/endpoint';
import { listDppNotarizations } from '../lib/notarizations/list-notarizations';

export const handler = jwtEndpoint(listDppNotarizationsRoute, ({ auth, input }) => listDppNotarizations(auth, input));
