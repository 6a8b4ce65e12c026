import { searchRelatedDppsRoute } from '../lib/api/routes/search-related-dpps';
import { jwtEndpoint } from '../lib/http/endpoint';
import { searchRelatedDpps } from '../lib/related-dpps/search-related-dpps';

export const handler = jwtEndpoint(searchRelatedDppsRoute, ({ auth, input }) => searchRelatedDpps(auth, input));
