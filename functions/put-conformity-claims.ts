import { putConformityClaimsRoute } from '../lib/api/routes/put-conformity-claims';
import { putConformityClaims } from '../lib/conformity-claims/put-conformity-claims';
import { jwtJsonEndpoint } from '../lib/http/json-endpoint';

export const handler = jwtJsonEndpoint(putConformityClaimsRoute, ({ auth, input }) => putConformityClaims(auth, input));
