import type middy from '@middy/core';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ErrorStatus, ErrorStatuses } from '../../api/contract';
import { budget } from '../../aws/budget';
import { isDependencyUnavailable } from '../../aws/errors';
import { DomainError, type ErrorKind, UnavailableError } from '../../errors';
import { logger } from '../../logger';
import { type HttpResponse, json } from '../response';
import type { ApiEvent } from '../types';

/**
 * How a route's errors are sent, where not as JSON alone: the HTML routes' answer a browser
 * an HTML error page (lib/http/html.ts errorAnswer).
 */
export type ErrorAnswer = (
  status: number,
  body: Record<string, unknown>,
  headers: Record<string, string> | undefined,
  event: ApiEvent,
) => HttpResponse;

/**
 * Where a route row does not declare a kind. The tests check every answer against the
 * row, so an undeclared status fails there; in production the caller still gets the
 * closest meaningful 4xx rather than a 500.
 */
const FALLBACK: Record<ErrorKind, ErrorStatus> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unprocessable: 422,
  unsupported_media_type: 415,
  unavailable: 503,
};

/**
 * The one error middleware. Registered first, so its onError runs last and sees every
 * error: from the handler, from any other middleware, and from SDK clients. Each domain
 * error answers the status its route row gives its kind. A 5xx never carries a stack, an
 * SDK message, or a resource name.
 */
export function errorMiddleware(
  errors: ErrorStatuses,
  /** The route's `failurePrefix`: its 500 says `<prefix>Internal server error`. */
  failurePrefix = '',
  answer: ErrorAnswer = (status, body, headers) => json(status, body, headers),
): middy.MiddlewareObj<ApiEvent, APIGatewayProxyStructuredResultV2> {
  return {
    onError: async (request) => {
      const error = toDomainError(request.error);
      if (!error) {
        logger.error('request failed', { status: 500, error: request.error as Error });
        request.response = answer(
          500,
          { error: `${failurePrefix}Internal server error`, code: 'INTERNAL_ERROR' },
          undefined,
          request.event,
        );
        return;
      }
      const status = errors[error.kind] ?? FALLBACK[error.kind];
      if (status >= 500) logger.error('request failed', { status, error: request.error as Error });
      else logger.info('request rejected', { status, code: error.code, reason: error.message });
      const body: Record<string, unknown> = { error: error.message, code: error.code };
      if (error.details) body.details = error.details;
      request.response = answer(status, body, headersFor(error), request.event);
    },
  };
}

/**
 * The domain error an error stands for. A dependency that failed (or the request's time
 * budget that ran out) is `unavailable`: 503 with Retry-After, unless a write of the request
 * got no answer and the request carries no Idempotency-Key; then its outcome is unknown and
 * the answer says so, without Retry-After (docs/behaviour.md, Faults).
 */
export function toDomainError(error: unknown): DomainError | undefined {
  const domain =
    error instanceof DomainError ? error : isDependencyUnavailable(error) ? new UnavailableError() : undefined;
  const b = budget();
  if (domain?.kind === 'unavailable' && b?.unanswered && !b.keyed) {
    // 503 without Retry-After (headersFor): no blind retry is invited.
    return new DomainError(
      'unavailable',
      'OUTCOME_UNKNOWN',
      'Outcome unknown: check, or retry with an Idempotency-Key',
    );
  }
  return domain;
}

function headersFor(error: DomainError): Record<string, string> | undefined {
  if (error.kind === 'unauthenticated') return { 'www-authenticate': 'Bearer' };
  if (error instanceof UnavailableError) return { 'retry-after': String(error.retryAfterSeconds) };
  return undefined;
}
