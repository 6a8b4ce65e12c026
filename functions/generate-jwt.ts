import { generateJwtRoute } from '../lib/api/routes/generate-jwt';
import { issueToken } from '../lib/companies/api-keys/issue-token';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/response';

export const handler = endpoint(generateJwtRoute, async ({ input }) => ok(await issueToken(input)));
