/**
 * Which thrown errors mean "a dependency is down or throttling" (503 + Retry-After)
 * rather than "we have a bug" (500). AWS SDK v3 errors carry `$metadata` and a `name`;
 * network failures carry a Node error `code`.
 */
const THROTTLING_OR_UNAVAILABLE = new Set([
  'ThrottlingException',
  'Throttling',
  'ThrottledException',
  'TooManyRequestsException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'SlowDown',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalServerError',
  'InternalFailure',
  'InternalServerException',
  'InternalError',
  'TransactionInProgressException',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
]);

/** Reasons a TransactionCanceledException gives when the cause is load, not our condition. */
const TRANSIENT_CANCELLATION_REASONS = new Set([
  'ThrottlingError',
  'ProvisionedThroughputExceeded',
  'TransactionConflict',
]);

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);

interface MaybeSdkError {
  name?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
  $retryable?: unknown;
  cause?: unknown;
  CancellationReasons?: Array<{ Code?: string }>;
}

export function isDependencyUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const e = error as MaybeSdkError;
  if (e.name && THROTTLING_OR_UNAVAILABLE.has(e.name)) return true;
  if (e.code && NETWORK_CODES.has(e.code)) return true;
  if (e.$retryable) return true;
  if (e.name === 'TransactionCanceledException') {
    return (e.CancellationReasons ?? []).some(
      (r) => r.Code !== undefined && TRANSIENT_CANCELLATION_REASONS.has(r.Code),
    );
  }
  const status = e.$metadata?.httpStatusCode;
  if (typeof status === 'number' && status >= 500) return true;
  return isDependencyUnavailable(e.cause, depth + 1);
}

/** A DynamoDB conditional write (or one leg of a transaction) that did not hold. */
export function isConditionFailure(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'ConditionalCheckFailedException') return true;
  if (name !== 'TransactionCanceledException') return false;
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
  return reasons.some((r) => r.Code === 'ConditionalCheckFailed');
}
