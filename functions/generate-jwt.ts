import { issueToken, issueTokenInput } from '../lib/auth/issue-token';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/response';

export const handler = endpoint('generate-jwt', { input: issueTokenInput }, async ({ input }) => ok(await issueToken(input)));
