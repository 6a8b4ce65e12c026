import { getCompanyDppRoute } from '../lib/api/routes/get-company-dpp';
import { getCompanyDpp } from '../lib/dpps/get-company-dpp';
import { jwtEndpoint } from '../lib/http/endpoint';

export const handler = jwtEndpoint(getCompanyDppRoute, ({ auth, input }) => getCompanyDpp(auth, input));
