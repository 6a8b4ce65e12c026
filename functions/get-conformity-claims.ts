import { getConformityClaimsRoute } from '../lib/api/routes/get-conformity-claims';
import { getConformityClaims } from '../lib/conformity-claims/get-conformity-claims';
import { jwtEndpoint } from '../lib/http/endpoint';

export const handler = jwtEndpoint(getConformityClaimsRoute, ({ auth, input }) => getConformityClaims(auth, input));
