import type middy from '@middy/core';
import { allowedMethods, type RuntimeRoute } from '../api/contract';
import { keepGrantAnswersPrivate } from './grant-privacy';
import type { HttpResponse } from './response';
import type { ApiEvent } from './types';

/**
 * The methods a GET row also answers (`alsoAnswers`), the same way for a Middy endpoint
 * (otherMethodsMiddleware) and a bare handler (withOtherMethods):
 * - HEAD runs the GET and sends its answer without the body: the same status and headers, so a
 *   client (or a link checker) learns the redirect, the ETag or the 404 without the bytes;
 * - OPTIONS answers 204 at once, before any parsing or read: `Allow`, and CORS for any origin,
 *   which only public rows (data anyone may read) declare.
 * API Gateway and the local server route both methods to the row's function (infra/constructs/api.ts,
 * infra/local/api-gateway-event.ts).
 */
type Row = Pick<RuntimeRoute, 'method' | 'alsoAnswers' | 'optionsHeaders'>;

/** Request headers a page may send to these routes: content negotiation and revalidation. */
const ALLOWED_HEADERS = 'accept, accept-language, if-none-match, x-correlation-id';

/** The 204 of OPTIONS: what the path answers, and that any origin may read it (a preflight is cached a day). */
export function optionsAnswer(route: Row): HttpResponse {
  const allow = allowedMethods(route);
  return {
    statusCode: 204,
    headers: {
      allow,
      'access-control-allow-origin': '*',
      'access-control-allow-methods': allow,
      'access-control-allow-headers': ALLOWED_HEADERS,
      'access-control-max-age': '86400',
      ...route.optionsHeaders,
    },
    body: '',
  };
}

/** The answer of a GET, as HEAD sends it: the same status and headers, no body. */
export const withoutBody = (response: HttpResponse): HttpResponse => ({
  ...response,
  body: '',
  isBase64Encoded: false,
});

const methodOf = (event: { requestContext?: { http?: { method?: string } } } | undefined): string | undefined =>
  event?.requestContext?.http?.method?.toUpperCase();

/**
 * For compose() (lib/http/endpoint.ts), registered first: its `before` answers OPTIONS ahead
 * of every other step, and its `after` and `onError` (which run last) strip HEAD's body from
 * whatever the endpoint answered, a success or an error.
 */
export function otherMethodsMiddleware(route: Row): middy.MiddlewareObj<ApiEvent, HttpResponse> {
  const answers = new Set(route.alsoAnswers ?? []);
  const stripHead = (request: middy.Request<ApiEvent, HttpResponse>) => {
    if (answers.has('HEAD') && methodOf(request.event) === 'HEAD' && request.response) {
      request.response = withoutBody(request.response);
    }
  };
  return {
    before: (request) => {
      if (answers.has('OPTIONS') && methodOf(request.event) === 'OPTIONS') return optionsAnswer(route);
      return undefined;
    },
    after: stripHead,
    onError: stripHead,
  };
}

/** The same for a handler without Middy (a fixed answer such as the resolver's description). */
export function withOtherMethods<
  E extends { requestContext?: { http?: { method?: string } } } & Parameters<typeof keepGrantAnswersPrivate>[0],
>(route: Row, handler: (event?: E) => Promise<HttpResponse>): (event?: E) => Promise<HttpResponse> {
  const answers = new Set(route.alsoAnswers ?? []);
  return async (event) => {
    const method = methodOf(event);
    if (method === 'OPTIONS' && answers.has('OPTIONS')) return keepGrantAnswersPrivate(event, optionsAnswer(route));
    const response = await handler(event);
    return keepGrantAnswersPrivate(event, method === 'HEAD' && answers.has('HEAD') ? withoutBody(response) : response);
  };
}
