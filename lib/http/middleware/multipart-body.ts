import type middy from '@middy/core';
import httpMultipartBodyParser from '@middy/http-multipart-body-parser';
import { PayloadTooLargeError } from '../errors';
import { MAX_MULTIPART_BODY_BYTES, MAX_UPLOAD_BYTES } from '../limits';
import type { ApiEvent, FilePart } from '../types';
import { parseBody } from './body';

// Busboy stops a file at the limit and flags it `truncated`; that is our 413.
const parser = httpMultipartBodyParser({
  busboy: { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 32, fieldSize: 64 * 1024, parts: 33 } },
});

/** Upload bodies: multipart/form-data with one `file` part; over 4 MiB is 413. */
export const multipartBody = (): middy.MiddlewareObj<ApiEvent> =>
  parseBody(parser, MAX_MULTIPART_BODY_BYTES, 'multipart/form-data', rejectTruncatedFiles);

function rejectTruncatedFiles(body: unknown): void {
  for (const value of Object.values((body ?? {}) as Record<string, unknown>)) {
    const parts = Array.isArray(value) ? value : [value];
    if (parts.some((part) => (part as FilePart | undefined)?.truncated === true)) {
      throw new PayloadTooLargeError(`The file exceeds the ${MAX_UPLOAD_BYTES}-byte limit`);
    }
  }
}
