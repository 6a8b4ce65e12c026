import { readPassportIdsRoute } from '../lib/api/routes/read-passport-ids';
import { publicJsonEndpoint } from '../lib/http/json-endpoint';
import { readIdsByProducts } from '../lib/passport-api/read-ids-by-products';

export const handler = publicJsonEndpoint(readPassportIdsRoute, ({ input }) => readIdsByProducts(input));
