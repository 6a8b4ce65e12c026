import { dppContext, getDppContextMethods, JSON_LD_TYPE } from '../lib/credentials/context';
import { withOtherMethods } from '../lib/http/other-methods';
import { json, PUBLIC_CORS } from '../lib/http/response';

type Event = { queryStringParameters?: Record<string, string | undefined> };

/** A context changes only with a deploy: kept a day, revalidated in the background for a week. */
const CONTEXT_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

/**
 * No Middy, no token, no table (like the resolver's description): the service's JSON-LD context
 * from the public base URL alone, readable by any origin, and its HEAD and OPTIONS. A query
 * parameter (the row takes none) is 400 `VALIDATION_ERROR` naming each one. No ETag: the bundle
 * carries the terms and little else (the bundle-size goal); a day's caching is what a JSON-LD
 * processor needs of a context.
 */
export const handler = withOtherMethods<Event>(getDppContextMethods, async (event) => {
  const unknown = Object.keys(event?.queryStringParameters ?? {});
  if (unknown.length > 0) {
    const details = unknown.map((path) => ({ path, message: 'is not a parameter of this route' }));
    return json(400, { error: 'The request is not valid', code: 'VALIDATION_ERROR', details });
  }
  return json(200, dppContext(), { ...PUBLIC_CORS, 'content-type': JSON_LD_TYPE, 'cache-control': CONTEXT_CACHE });
});
