/**
 * Which thrown errors mean "a dependency is down or throttling" (503 + Retry-After)
 * rather than "we have a bug" (500). AWS SDK v3 errors carry `$metadata` and a `name`;
 * network failures carry a Node error `code`. An `AbortError` is a call the request's time
 * budget cut (lib/aws/budget.ts): the dependency did not answer in time.
 */
const THROTTLING_OR_UNAVAILABLE =
  /^(Throttl|TooManyRequests|ProvisionedThroughputExceeded|RequestLimitExceeded|RequestThrottled|SlowDown|ServiceUnavailable|Internal(Server|Failure|Error)|TransactionInProgress|TimeoutError|AbortError|RequestTimeout)/;

/** Reasons a TransactionCanceledException gives when the cause is load, not our condition. */
const TRANSIENT_CANCELLATION_REASONS = /^(ThrottlingError|ProvisionedThroughputExceeded|TransactionConflict)$/;

const NETWORK_CODES = /^E(CONNREFUSED|CONNRESET|TIMEDOUT|PIPE|NOTFOUND|AI_AGAIN|HOSTUNREACH)$/;

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
  if (THROTTLING_OR_UNAVAILABLE.test(e.name ?? '')) return true;
  if (NETWORK_CODES.test(e.code ?? '')) return true;
  if (e.$retryable) return true;
  const codes = cancellationCodes(e);
  if (codes) return isTransientCancellation(codes);
  const status = e.$metadata?.httpStatusCode;
  if (typeof status === 'number' && status >= 500) return true;
  return isDependencyUnavailable(e.cause, depth + 1);
}

/**
 * Why DynamoDB cancelled a transaction, per leg, in the order of the legs (`None` for a leg
 * that did not fail); undefined when the error is not a cancelled transaction.
 */
export function cancellationCodes(error: unknown): string[] | undefined {
  const e = error as MaybeSdkError | null;
  if (e?.name !== 'TransactionCanceledException') return undefined;
  return (e.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
}

/** A cancellation that came from load (a conflicting transaction, throttling), not from our conditions. */
export const isTransientCancellation = (codes: readonly string[]): boolean =>
  codes.some((code) => TRANSIENT_CANCELLATION_REASONS.test(code));

/** A DynamoDB conditional write (or one leg of a transaction) that did not hold. */
export function isConditionFailure(error: unknown): boolean {
  if ((error as { name?: string } | null)?.name === 'ConditionalCheckFailedException') return true;
  return cancellationCodes(error)?.includes('ConditionalCheckFailed') ?? false;
}
