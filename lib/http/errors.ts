/**
 * Typed HTTP errors. Domain code throws these; the one error middleware
 * (lib/http/middleware/errors.ts) turns them into the error body of decisions.md:
 * `{ error, code, details? }`.
 */
export interface ErrorDetail {
  path: string;
  message: string;
}

export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, code = 'BAD_REQUEST', details?: ErrorDetail[]) {
    super(400, code, message, details);
  }
}

export class ValidationError extends BadRequestError {
  constructor(details: ErrorDetail[]) {
    super('The request is not valid', 'VALIDATION_ERROR', details);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'missing or invalid token', code = 'UNAUTHORIZED') {
    super(401, code, message, undefined, { 'www-authenticate': 'Bearer' });
  }
}

export class ForbiddenError extends HttpError {
  constructor(message: string, code = 'FORBIDDEN') {
    super(403, code, message);
  }
}

/**
 * "Does not exist" — also what another company's ids answer, so ids cannot be probed.
 * The interface uses 404 for DPPs on some endpoints and 406 on the file endpoints;
 * the caller picks the endpoint's status.
 */
export class NotFoundError extends HttpError {
  constructor(message: string, status: 404 | 406 = 404, code = 'NOT_FOUND') {
    super(status, code, message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string, code = 'CONFLICT') {
    super(409, code, message);
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(message: string) {
    super(413, 'PAYLOAD_TOO_LARGE', message);
  }
}

/** A dependency (DynamoDB, S3, SES, Translate, Stripe, VIES) is down or throttling. */
export class ServiceUnavailableError extends HttpError {
  constructor(message = 'A service this request depends on is unavailable; please retry shortly', retryAfterSeconds = 2) {
    super(503, 'SERVICE_UNAVAILABLE', message, undefined, { 'retry-after': String(retryAfterSeconds) });
  }
}
