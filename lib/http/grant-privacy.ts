import type { HttpResponse } from './response';

/**
 * The headers of every answer to a request that carries an access grant's value: never kept by
 * a shared cache (nor by the browser's), never sent on as a Referer. Like GRANT_HEADERS
 * (lib/access-tiers/read-access.ts), defined here too so that the functions without Middy (the
 * catch-all, health, the resolver's description) need not bundle the access tiers.
 */
export const PRIVATE_ANSWER = { 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer' } as const;

/** The header a JSON client puts a grant's value in (docs/choices.md, Access tiers). */
export const ACCESS_HEADER = 'x-dpp-access';

interface RequestParts {
  headers?: Record<string, string | undefined>;
  queryStringParameters?: Record<string, string | undefined>;
}

/**
 * Whether a request carries an access grant's value, valid or not: `access` in its query string
 * or the `x-dpp-access` header (API Gateway's payload 2.0 gives header names in lower case, and
 * every value of a repeated parameter under its one name).
 */
export const carriesAccess = (event: RequestParts | undefined): boolean =>
  event?.queryStringParameters?.access !== undefined || event?.headers?.[ACCESS_HEADER] !== undefined;

/**
 * The one place that keeps answers to grant requests private (docs/behaviour.md, Sharing
 * restricted data): any answer, of any route, to a request that carries `access` (a 200, a
 * redirect whose Location holds the secret, a 304, an error) is `private, no-store` with
 * `Referrer-Policy: no-referrer`, whatever its function said (the functions write these header
 * names in lower case). Run last on every answer: by compose() (lib/http/endpoint.ts) and by the
 * functions without Middy.
 */
export function keepGrantAnswersPrivate<R extends Pick<HttpResponse, 'headers'>>(
  event: RequestParts | undefined,
  response: R,
): R {
  if (carriesAccess(event)) response.headers = { ...response.headers, ...PRIVATE_ANSWER };
  return response;
}
