import { withOtherMethods } from '../lib/http/other-methods';
import { json, PUBLIC_CORS } from '../lib/http/response';
import { describeResolver, describeResolverMethods } from '../lib/resolver/describe-resolver';

/** No Middy, no token, no table: a fixed answer from the public base URL (like health), readable by any origin, and its HEAD and OPTIONS. */
export const handler = withOtherMethods(describeResolverMethods, async () =>
  json(200, describeResolver(), { ...PUBLIC_CORS }),
);
