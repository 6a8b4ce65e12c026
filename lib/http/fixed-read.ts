import type { RuntimeRoute } from '../api/contract';
import { DomainError, type ErrorDetail } from '../errors';
import { CORRELATION_HEADER, clientCorrelationId } from './correlation';
import { withOtherMethods } from './other-methods';
import { type HttpResponse, json, represent } from './response';

/** The parts of the API Gateway event a fixed read looks at. */
export interface FixedReadEvent {
  headers?: Record<string, string | undefined>;
  pathParameters?: Record<string, string | undefined>;
  queryStringParameters?: Record<string, string | undefined>;
  requestContext?: { requestId?: string; http?: { method?: string } };
}

/**
 * A public GET of data the function's bundle holds (the profiles: lib/profiles; the JSON-LD
 * context of the credentials: lib/credentials/context.ts), with no Middy,
 * no setting and no read, like GET /health and the resolver's description: its answer costs
 * what a bare handler costs, and its bundle carries the data and little else
 * (docs/profiles.md, Reading profiles). What the endpoint stack would do, it does by hand, the
 * same way:
 * - a query parameter (the rows take none) is 400 `VALIDATION_ERROR` naming each one, the body
 *   the error middleware sends;
 * - the use case's `NotFoundError` is 404 with its code; any other error is thrown (a 500);
 * - the data is a public representation (PUBLIC_CACHE, CORS for any origin, a strong ETag, and
 *   304 when `If-None-Match` names it); HEAD and OPTIONS as the row's `alsoAnswers` say;
 * - the correlation id is echoed (the client's when well-formed, else API Gateway's request id).
 * Nothing is logged: a read of fixed data has nothing to say that API Gateway's access log does not.
 */
export function fixedRead(
  route: Pick<RuntimeRoute, 'method' | 'alsoAnswers'>,
  read: (params: Record<string, string | undefined>) => unknown,
  contentType = 'application/json',
) {
  return withOtherMethods<FixedReadEvent>(route, async (event) => {
    const correlationId = clientCorrelationId(event?.headers) ?? event?.requestContext?.requestId;
    const echo: Record<string, string> = correlationId === undefined ? {} : { [CORRELATION_HEADER]: correlationId };
    const answer = (response: HttpResponse): HttpResponse => ({
      ...response,
      headers: { ...response.headers, ...echo },
    });
    const unknown = Object.keys(event?.queryStringParameters ?? {});
    if (unknown.length > 0) {
      const details: ErrorDetail[] = unknown.map((path) => ({ path, message: 'is not a parameter of this route' }));
      return answer(json(400, { error: 'The request is not valid', code: 'VALIDATION_ERROR', details }));
    }
    let body: unknown;
    try {
      body = read(event?.pathParameters ?? {});
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'not_found')
        return answer(json(404, { error: error.message, code: error.code }));
      throw error;
    }
    const ifNoneMatch = event?.headers?.['if-none-match'];
    return answer(represent({ contentType, body, headers: {} }, ifNoneMatch));
  });
}
