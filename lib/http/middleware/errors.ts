import type middy from '@middy/core';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { isDependencyUnavailable } from '../dependency-errors';
import { HttpError, ServiceUnavailableError } from '../errors';
import { logger } from '../logger';
import { json } from '../response';

/**
 * The one error middleware. Registered first, so its onError runs last and sees every
 * error: from the handler, from any other middleware, and from SDK clients.
 * A 5xx never carries a stack, an SDK message, or a resource name.
 */
export function errorMiddleware(): middy.MiddlewareObj<unknown, APIGatewayProxyStructuredResultV2> {
  return {
    onError: async (request) => {
      const httpError = toHttpError(request.error);
      if (httpError.status >= 500) {
        logger.error('request failed', { status: httpError.status, error: request.error as Error });
      } else {
        logger.info('request rejected', { status: httpError.status, code: httpError.code, reason: httpError.message });
      }
      const body: Record<string, unknown> = { error: httpError.message, code: httpError.code };
      if (httpError.details) body.details = httpError.details;
      request.response = json(httpError.status, body, httpError.headers);
    },
  };
}

function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (isDependencyUnavailable(error)) return new ServiceUnavailableError();
  return new HttpError(500, 'INTERNAL_ERROR', 'Internal server error');
}
