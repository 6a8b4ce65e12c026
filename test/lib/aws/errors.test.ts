import { describe, expect, it } from 'vitest';
import { isConditionFailure, isDependencyUnavailable } from '../../../lib/aws/errors';
import { dynamoErrors, s3Errors } from '../../support/unit/aws-errors';

const named = (name: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(`${name} happened`), { name, ...extra });

describe('isDependencyUnavailable', () => {
  it.each([
    'ThrottlingException',
    'ProvisionedThroughputExceededException',
    'RequestLimitExceeded',
    'TooManyRequestsException',
    'SlowDown',
    'ServiceUnavailableException',
    'InternalServerError',
    'TransactionInProgressException',
    'TimeoutError',
  ])('counts %s (thrown with a 4xx status or none) as a dependency that is down or throttling', (name) => {
    expect(isDependencyUnavailable(named(name, { $metadata: { httpStatusCode: 400 } }))).toBe(true);
    expect(isDependencyUnavailable(named(name))).toBe(true);
  });

  it('counts the SDK exception classes for throttling and server errors', () => {
    expect(isDependencyUnavailable(dynamoErrors.provisionedThroughputExceeded())).toBe(true);
    expect(isDependencyUnavailable(dynamoErrors.throttling())).toBe(true);
    expect(isDependencyUnavailable(dynamoErrors.internalServerError())).toBe(true);
    expect(isDependencyUnavailable(s3Errors.slowDown())).toBe(true);
  });

  it.each([500, 502, 503, 504])('counts any error with HTTP status %i in its SDK metadata', (status) => {
    expect(isDependencyUnavailable(named('SomethingNew', { $metadata: { httpStatusCode: status } }))).toBe(true);
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH'])(
    'counts the network error %s',
    (code) => {
      expect(isDependencyUnavailable(Object.assign(new Error('network'), { code }))).toBe(true);
    },
  );

  it('counts an error the SDK marked retryable', () => {
    expect(isDependencyUnavailable(named('Whatever', { $retryable: { throttling: false } }))).toBe(true);
  });

  it('finds the cause of a wrapped error', () => {
    const wrapped = new Error('could not read', { cause: new Error('outer', { cause: s3Errors.connectionReset() }) });
    expect(isDependencyUnavailable(wrapped)).toBe(true);
  });

  it('does not follow a cause chain forever', () => {
    const looped: Error & { cause?: unknown } = new Error('loop');
    looped.cause = looped;
    expect(isDependencyUnavailable(looped)).toBe(false);
  });

  it.each(['ThrottlingError', 'ProvisionedThroughputExceeded'])(
    'counts a transaction DynamoDB cancelled because a leg hit %s',
    (code) => {
      expect(isDependencyUnavailable(dynamoErrors.transactionCanceled('None', code))).toBe(true);
    },
  );

  it('does not count a transaction cancelled by a failed condition', () => {
    expect(isDependencyUnavailable(dynamoErrors.transactionCanceled('ConditionalCheckFailed', 'None'))).toBe(false);
  });

  it('does not count a 4xx ValidationException: that is our bug, a 500', () => {
    expect(isDependencyUnavailable(dynamoErrors.validation())).toBe(false);
  });

  it('does not count a failed condition, a plain Error, or things that are not errors', () => {
    expect(isDependencyUnavailable(dynamoErrors.conditionalCheckFailed())).toBe(false);
    expect(isDependencyUnavailable(new TypeError("Cannot read properties of undefined (reading 'pk')"))).toBe(false);
    expect(isDependencyUnavailable(named('AccessDenied', { $metadata: { httpStatusCode: 403 } }))).toBe(false);
    expect(isDependencyUnavailable(undefined)).toBe(false);
    expect(isDependencyUnavailable('ThrottlingException')).toBe(false);
  });
});

describe('isConditionFailure', () => {
  it('recognises a ConditionalCheckFailedException', () => {
    expect(isConditionFailure(dynamoErrors.conditionalCheckFailed())).toBe(true);
  });

  it('recognises a cancelled transaction where one leg failed its condition', () => {
    expect(isConditionFailure(dynamoErrors.transactionCanceled('None', 'ConditionalCheckFailed'))).toBe(true);
  });

  it('does not count a transaction cancelled for another reason', () => {
    expect(isConditionFailure(dynamoErrors.transactionCanceled('None', 'TransactionConflict'))).toBe(false);
    expect(isConditionFailure(dynamoErrors.transactionCanceled('ThrottlingError'))).toBe(false);
    expect(isConditionFailure(dynamoErrors.transactionCanceled())).toBe(false);
  });

  it('does not count throttling, plain errors or nothing', () => {
    expect(isConditionFailure(dynamoErrors.throttling())).toBe(false);
    expect(isConditionFailure(new Error('ConditionalCheckFailedException'))).toBe(false);
    expect(isConditionFailure(null)).toBe(false);
    expect(isConditionFailure(undefined)).toBe(false);
  });
});
