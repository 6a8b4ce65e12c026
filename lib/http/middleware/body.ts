import type middy from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import httpMultipartBodyParser from '@middy/http-multipart-body-parser';
import { BadRequestError, PayloadTooLargeError } from '../errors';
import { MAX_JSON_BODY_BYTES, MAX_MULTIPART_BODY_BYTES, MAX_UPLOAD_BYTES } from '../limits';
import type { ApiEvent, FilePart } from '../types';

export type BodyKind = 'json' | 'multipart';

const jsonParser = httpJsonBodyParser();
const multipartParser = httpMultipartBodyParser({
  busboy: { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 32, fieldSize: 64 * 1024, parts: 33 } },
});

/**
 * Parses the body with Middy's parsers, after a size check on the raw body, and turns
 * their 415s into the 400 decisions.md asks for (malformed JSON or multipart).
 */
export function bodyMiddleware(kind: BodyKind): middy.MiddlewareObj<ApiEvent> {
  const parser = kind === 'json' ? jsonParser : multipartParser;
  const maxBytes = kind === 'json' ? MAX_JSON_BODY_BYTES : MAX_MULTIPART_BODY_BYTES;
  return {
    before: async (request) => {
      const { event } = request;
      if (typeof event.body !== 'string' || event.body.length === 0) {
        throw new BadRequestError(`The request body must be ${expected(kind)}`, 'MALFORMED_BODY');
      }
      const size = event.isBase64Encoded ? Buffer.byteLength(event.body, 'base64') : Buffer.byteLength(event.body);
      if (size > maxBytes) throw new PayloadTooLargeError(`The request body exceeds ${maxBytes} bytes`);
      try {
        await parser.before?.(request as never);
      } catch {
        throw new BadRequestError(`The request body could not be parsed as ${expected(kind)}`, 'MALFORMED_BODY');
      }
      if (kind === 'multipart') rejectTruncatedFiles(event.body);
    },
  };
}

function expected(kind: BodyKind): string {
  return kind === 'json' ? 'JSON (content-type: application/json)' : 'multipart/form-data';
}

function rejectTruncatedFiles(body: unknown): void {
  for (const value of Object.values((body ?? {}) as Record<string, unknown>)) {
    const parts = Array.isArray(value) ? value : [value];
    if (parts.some((part) => (part as FilePart | undefined)?.truncated === true)) {
      throw new PayloadTooLargeError(`The file exceeds the ${MAX_UPLOAD_BYTES}-byte limit`);
    }
  }
}
