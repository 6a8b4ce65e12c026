import { getDppCompletenessRoute } from '../lib/api/routes/get-dpp-completeness';
import { getCompleteness } from '../lib/dpp-aspects/get-completeness';
import { jwtEndpoint } from '../lib/http/endpoint';

export const handler = jwtEndpoint(getDppCompletenessRoute, ({ auth, input }) => getCompleteness(auth, input));
