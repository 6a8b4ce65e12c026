import { describeResolverRoute } from '../lib/api/routes/describe-resolver';
import { publicEndpoint } from '../lib/http/endpoint';
import { describeResolver } from '../lib/resolver/describe-resolver';

export const handler = publicEndpoint(describeResolverRoute, async ({ input }) => describeResolver(input));
