import { describeResolverRoute } from '../lib/api/routes/describe-resolver';
import { withOtherMethods } from '../lib/http/other-methods';
import { json } from '../lib/http/response';
import { describeResolver } from '../lib/resolver/describe-resolver';

/** No Middy, no token, no table: a fixed answer from the public base URL (like health), and its HEAD and OPTIONS. */
export const handler = withOtherMethods(describeResolverRoute, async () => json(200, describeResolver()));
