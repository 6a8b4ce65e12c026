import type middy from '@middy/core';
import { InvalidInputError, TooLargeError } from '../../errors';
import type { ApiEvent } from '../types';

/**
 * Runs one of Middy's body parsers after a size check on the raw body, and turns its
 * 415s into the 400 decisions.md asks for (malformed JSON or multipart). Each parser
 * lives in its own module (json-body.ts, multipart-body.ts) so a function bundles only
 * the parser it uses.
 */
export function parseBody(
  // Middy types each parser for its own event shape; here it runs on ours.
  parser: middy.MiddlewareObj<never>,
  maxBytes: number,
  expected: string,
  afterParse?: (body: unknown) => void,
  /** A cheap check that the raw body is complete enough to hand to the parser. */
  isComplete?: (event: ApiEvent) => boolean,
): middy.MiddlewareObj<ApiEvent> {
  return {
    before: async (request) => {
      const { event } = request;
      if (typeof event.body !== 'string' || event.body.length === 0) {
        throw new InvalidInputError(`The request body must be ${expected}`, 'MALFORMED_BODY');
      }
      const size = event.isBase64Encoded ? Buffer.byteLength(event.body, 'base64') : Buffer.byteLength(event.body);
      if (size > maxBytes) throw new TooLargeError(`The request body exceeds ${maxBytes} bytes`);
      if (isComplete && !isComplete(event)) {
        throw new InvalidInputError(`The request body is not complete ${expected}`, 'MALFORMED_BODY');
      }
      try {
        await parser.before?.(request as never);
      } catch {
        throw new InvalidInputError(`The request body could not be parsed as ${expected}`, 'MALFORMED_BODY');
      }
      afterParse?.(event.body);
    },
  };
}
