import type middy from '@middy/core';
import httpMultipartBodyParser from '@middy/http-multipart-body-parser';
import { TooLargeError } from '../../errors';
import { MAX_MULTIPART_BODY_BYTES, MAX_UPLOAD_BYTES } from '../../limits';
import type { FilePart } from '../../files/upload';
import type { ApiEvent } from '../types';
import { parseBody } from './body';

// Busboy stops a file at the limit and flags it `truncated`; that is our 413. Two files are
// let through so that a second one is refused by readUpload (400) instead of dropped.
const parser = httpMultipartBodyParser({
  busboy: { limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 32, fieldSize: 64 * 1024, parts: 34 } },
});

/** Upload bodies: multipart/form-data with one `file` part; over 4 MiB is 413. */
export const multipartBody = (): middy.MiddlewareObj<ApiEvent> =>
  parseBody(parser, MAX_MULTIPART_BODY_BYTES, 'multipart/form-data', rejectTruncatedFiles, requireClosingBoundary);

/**
 * A body cut off inside a file part makes busboy emit 'error' on the file stream, which
 * Middy's parser does not listen to: an uncaught exception that ends the Lambda runtime.
 * A complete multipart body ends with `--<boundary>--`; anything else is refused first.
 */
function requireClosingBoundary(event: ApiEvent): boolean {
  const boundary = /boundary="?([^";]+)"?/i.exec(event.headers?.['content-type'] ?? '')?.[1];
  if (!boundary || typeof event.body !== 'string') return false;
  // The last 256 characters (a multiple of 4, so base64 stays aligned) hold the close
  // delimiter and any short epilogue.
  const tail = Buffer.from(event.body.slice(-256), event.isBase64Encoded ? 'base64' : 'utf8').toString('latin1');
  return tail.includes(`--${boundary}--`);
}

function rejectTruncatedFiles(body: unknown): void {
  for (const value of Object.values((body ?? {}) as Record<string, unknown>)) {
    const parts = Array.isArray(value) ? value : [value];
    if (parts.some((part) => (part as FilePart | undefined)?.truncated === true)) {
      throw new TooLargeError(`The file exceeds the ${MAX_UPLOAD_BYTES}-byte limit`);
    }
  }
}
