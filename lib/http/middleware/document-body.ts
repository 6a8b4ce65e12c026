import type middy from '@middy/core';
import { InvalidInputError, TooLargeError, UnsupportedMediaTypeError } from '../../errors';
import { parseMediaType } from '../media-type';
import type { ApiEvent } from '../types';

/**
 * The body of a route that takes a JSON document (a profiled DPP's aspect: PUT as
 * `application/json`, PATCH also as `application/merge-patch+json`, RFC 7396). Unlike jsonBody,
 * the media type is checked exactly: another one (or none) is 415 naming those the route takes,
 * since a document sent as something else would be read as what it is not. Then the size
 * (413 over `maxBytes`), then the JSON itself: not JSON, or not a JSON object, is 400
 * MALFORMED_BODY with the document's path (``). A `__proto__` key is refused like jsonBody does.
 */
export const documentBody = (mediaTypes: readonly string[], maxBytes: number): middy.MiddlewareObj<ApiEvent> => ({
  before: async ({ event }) => {
    const header = event.headers?.['content-type'] ?? event.headers?.['Content-Type'];
    const type = header === undefined ? undefined : parseMediaType(header)?.type;
    if (type === undefined || !mediaTypes.includes(type))
      throw new UnsupportedMediaTypeError(`The request body must be sent as ${mediaTypes.join(' or ')}`);
    if (typeof event.body !== 'string' || event.body.length === 0)
      throw new InvalidInputError('The request body must be a JSON object', 'MALFORMED_BODY', [
        { path: '', message: 'is missing' },
      ]);
    const bytes = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body);
    if (bytes.length > maxBytes) throw new TooLargeError(`The request body exceeds ${maxBytes} bytes`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(bytes.toString('utf8'), (key, value) => {
        if (key === '__proto__') throw new Error('a key "__proto__"');
        return value;
      });
    } catch (error) {
      throw new InvalidInputError('The request body could not be parsed as JSON', 'MALFORMED_BODY', [
        { path: '', message: `is not JSON: ${(error as Error).message}` },
      ]);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new InvalidInputError('The request body must be a JSON object', 'MALFORMED_BODY', [
        { path: '', message: 'must be a JSON object' },
      ]);
    event.body = parsed as never;
  },
});
