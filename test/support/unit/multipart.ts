import { randomBytes } from 'node:crypto';

/**
 * multipart/form-data bodies built by hand, byte for byte, the way a browser or curl
 * sends them: CRLF line ends, a boundary of [A-Za-z0-9-], a closing `--boundary--`.
 */
export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; contentType?: string; content: Buffer | Uint8Array | string };

export interface MultipartBody {
  body: Buffer;
  /** The request's content-type header, boundary included. */
  contentType: string;
  boundary: string;
}

const CRLF = '\r\n';

export function multipart(
  parts: readonly Part[],
  boundary = `----unit-${randomBytes(8).toString('hex')}`,
): MultipartBody {
  if (!/^[A-Za-z0-9-]{1,70}$/.test(boundary)) throw new Error(`not a usable boundary: ${boundary}`);
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}${CRLF}`));
    if ('value' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"${CRLF}${CRLF}`));
      chunks.push(Buffer.from(part.value, 'utf8'));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"${CRLF}` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}${CRLF}${CRLF}`,
        ),
      );
      chunks.push(typeof part.content === 'string' ? Buffer.from(part.content, 'utf8') : Buffer.from(part.content));
    }
    chunks.push(Buffer.from(CRLF));
  }
  chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}`, boundary };
}

/** A `file` part with the given bytes. */
export const filePartOf = (
  content: Buffer | Uint8Array | string,
  filename = 'upload.bin',
  contentType = 'application/octet-stream',
): Part => ({ name: 'file', filename, contentType, content });
