import { getCompanyRoute } from '../lib/api/routes/get-company';
import { getCompany } from '../lib/companies/get-company';
import { jwtEndpoint } from '../lib/http/endpoint';

export const handler = jwtEndpoint(getCompanyRoute, ({ auth, input }) => getCompany(auth, input));
