import { updateCompanyRoute } from '../lib/api/routes/update-company';
import { updateCompany } from '../lib/companies/update-company';
import { jwtJsonEndpoint } from '../lib/http/json-endpoint';

export const handler = jwtJsonEndpoint(updateCompanyRoute, ({ auth, input }) => updateCompany(auth, input));
