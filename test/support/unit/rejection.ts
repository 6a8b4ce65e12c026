import { expect } from 'vitest';
import { DomainError } from '../../../lib/errors';

/** The domain error `fn` throws; fails the test when it throws nothing or something else. */
export function rejection(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a domain error, nothing was thrown');
}

/** What `promise` rejects with, whatever it is; fails the test when it resolves. */
export async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

/** The domain error `promise` rejects with; fails the test when it resolves or rejects with something else. */
export async function domainFailure(promise: Promise<unknown>): Promise<DomainError> {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}
