import { generateJwtRoute } from '../lib/api/routes/generate-jwt';
import { issueToken } from '../lib/companies/api-keys/issue-token';
import { publicEndpoint } from '../lib/http/endpoint';

export const handler = publicEndpoint(generateJwtRoute, ({ input }) => issueToken(input));
