/**
 * Domain errors: what went wrong, in the domain's words, with no HTTP in them.
 *
 * lib/ throws these. Each route row (lib/api/routes/) says which status each kind answers
 * on that route (a missing DPP is 404 on `GET /dpp/{dppId}` and 406 on the file routes),
 * and the one error middleware (lib/http/middleware/errors.ts) renders the body of
 * docs/spec/decisions.md: `{ error, code, details? }`.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unprocessable'
  | 'unsupported_media_type'
  | 'unavailable';

export interface ErrorDetail {
  path: string;
  message: string;
}

export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly kind: ErrorKind,
    /** Stable machine code (`DPP_NOT_FOUND`, `HASH_MISMATCH`, …). */
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
  }
}

/** The request is wrong: a field, the body's encoding, a file's format, a cursor. */
export class InvalidInputError extends DomainError {
  constructor(message: string, code = 'BAD_REQUEST', details?: ErrorDetail[]) {
    super('invalid', code, message, details);
  }
}

/** The request does not match the route's input schema; one detail per problem. */
export class ValidationError extends InvalidInputError {
  constructor(details: ErrorDetail[]) {
    super('The request is not valid', 'VALIDATION_ERROR', details);
  }
}

/** No credentials, or credentials that do not hold (a bad token, an unknown API key). */
export class UnauthenticatedError extends DomainError {
  constructor(message = 'missing or invalid token', code = 'UNAUTHORIZED') {
    super('unauthenticated', code, message);
  }
}

/** The caller is known but may not do this (another company's id in the body or path). */
export class ForbiddenError extends DomainError {
  constructor(message: string, code = 'FORBIDDEN') {
    super('forbidden', code, message);
  }
}

/** Does not exist; also what another company's ids answer, so ids cannot be probed. */
export class NotFoundError extends DomainError {
  constructor(message: string, code = 'NOT_FOUND') {
    super('not_found', code, message);
  }
}

/** The state changed under the request (a concurrent replace), or a duplicate. */
export class ConflictError extends DomainError {
  constructor(message: string, code = 'CONFLICT') {
    super('conflict', code, message);
  }
}

/** Well-formed, but contradicts an earlier request: an idempotency key sent again with another body. */
export class UnprocessableError extends DomainError {
  constructor(message: string, code: string) {
    super('unprocessable', code, message);
  }
}

/** A body in a media type the route does not take (its row says which it takes). */
export class UnsupportedMediaTypeError extends DomainError {
  constructor(message: string) {
    super('unsupported_media_type', 'UNSUPPORTED_MEDIA_TYPE', message);
  }
}

/** A body or file over its limit. */
export class TooLargeError extends DomainError {
  constructor(message: string) {
    super('too_large', 'PAYLOAD_TOO_LARGE', message);
  }
}

/** A dependency (DynamoDB, S3, SES, Translate, Stripe, VIES) is down or throttling. */
export class UnavailableError extends DomainError {
  constructor(
    message = 'A service this request depends on is unavailable; please retry shortly',
    readonly retryAfterSeconds = 2,
  ) {
    super('unavailable', 'SERVICE_UNAVAILABLE', message);
  }
}
