import { withOtherMethods } from '../lib/http/other-methods';
import { json } from '../lib/http/response';
import { describeResolver, describeResolverMethods } from '../lib/resolver/describe-resolver';

/** No Middy, no token, no table: a fixed answer from the public base URL (like health), and its HEAD and OPTIONS. */
export const handler = withOtherMethods(describeResolverMethods, async () => json(200, describeResolver()));
