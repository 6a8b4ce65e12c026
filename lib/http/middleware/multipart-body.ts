import type middy from '@middy/core';
import { InvalidInputError } from '../../errors';
import { MAX_MULTIPART_BODY_BYTES, MAX_UPLOAD_BYTES } from '../../limits';
import { formDataBoundary } from '../media-type';
import { type MultipartLimits, parseMultipart } from '../multipart';
import type { ApiEvent } from '../types';
import { parseBody } from './body';

/**
 * A file over MAX_UPLOAD_BYTES is 413. Two files are kept so that a second one is refused by
 * readUpload (400 TOO_MANY_FILES) instead of dropped; a third and later ones are dropped.
 */
const LIMITS: MultipartLimits = { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 32, fieldSize: 64 * 1024, parts: 34 };

/**
 * Upload bodies: multipart/form-data (any content type RFC 7578 allows: quoted boundary,
 * any letter case, any spacing) with one `file` part; over 4 MiB is 413. The body becomes
 * `{ field: string, file: FilePart }`, a name sent twice an array.
 */
export const multipartBody = (): middy.MiddlewareObj<ApiEvent> =>
  parseBody(
    {
      before: async ({ event }: { event: ApiEvent }) => {
        const boundary = formDataBoundary(event.headers?.['content-type'] ?? event.headers?.['Content-Type']);
        if (boundary === undefined) {
          throw new InvalidInputError(
            'The content-type must be multipart/form-data with a boundary parameter',
            'MALFORMED_BODY',
          );
        }
        const bytes = Buffer.from(event.body as string, event.isBase64Encoded ? 'base64' : 'utf8');
        event.body = await parseMultipart(bytes, boundary, LIMITS);
      },
    },
    MAX_MULTIPART_BODY_BYTES,
    'multipart/form-data',
  );
