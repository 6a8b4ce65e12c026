import { expect } from 'vitest';
import { HttpError } from '../../../lib/http/errors';

/** The HttpError `fn` throws; fails the test when it throws nothing or something else. */
export function rejection(fn: () => unknown): HttpError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }
  throw new Error('expected an HttpError, nothing was thrown');
}
