import type middy from '@middy/core';
import { DomainError, InvalidInputError, TooLargeError } from '../../errors';
import type { ApiEvent } from '../types';

/**
 * Runs a body parser after a size check on the raw body. A domain error from the parser
 * (a 413 for a file over its limit, a 400 that says what is wrong) is answered as it is;
 * anything else it throws (Middy's 415s and 422s) becomes the 400 MALFORMED_BODY
 * docs/spec/decisions.md asks for. Each parser lives in its own module (json-body.ts,
 * multipart-body.ts) so a function bundles only the parser it uses.
 */
export function parseBody(
  // Middy types each parser for its own event shape; here it runs on ours.
  parser: middy.MiddlewareObj<never>,
  maxBytes: number,
  expected: string,
): middy.MiddlewareObj<ApiEvent> {
  return {
    before: async (request) => {
      const { event } = request;
      if (typeof event.body !== 'string' || event.body.length === 0) {
        throw new InvalidInputError(`The request body must be ${expected}`, 'MALFORMED_BODY');
      }
      const size = event.isBase64Encoded ? Buffer.byteLength(event.body, 'base64') : Buffer.byteLength(event.body);
      if (size > maxBytes) throw new TooLargeError(`The request body exceeds ${maxBytes} bytes`);
      try {
        await parser.before?.(request as never);
      } catch (error) {
        if (error instanceof DomainError) throw error;
        throw new InvalidInputError(`The request body could not be parsed as ${expected}`, 'MALFORMED_BODY');
      }
    },
  };
}
