import Busboy from '@fastify/busboy';
import { DomainError, InvalidInputError, TooLargeError } from '../errors';
import type { FilePart } from '../files/upload';

export interface MultipartLimits {
  /** Bytes of one file; over it the request is 413. */
  fileSize: number;
  /** Files kept; later ones are dropped, so a second one can still be refused by the use case. */
  files: number;
  /** Text fields; over it the request is 400. */
  fields: number;
  /** Bytes of one text field; over it the request is 413. */
  fieldSize: number;
  /** Parts of any kind; over it the request is 400. */
  parts: number;
}

/** A text field is a string, a file a FilePart; a name sent more than once is an array, in the order sent. */
export type MultipartValue = string | FilePart | Array<string | FilePart>;

/**
 * Parses a whole multipart/form-data body (RFC 7578) that is already in memory, as a Lambda
 * event holds it, with busboy.
 *
 * It settles exactly once, and nothing escapes it: a body of any shape gives the fields or a
 * domain error (400 MALFORMED_BODY, or 413 for a file or field over its limit), never an
 * uncaught exception or an unhandled 'error' event, either of which would end the Lambda
 * runtime. That takes 'error' listeners on busboy and on every file stream, and two guards
 * against faults busboy has had (3.2.0, the version Middy's parser pinned, had both; 3.2.6
 * fixed both; the guards keep them fixed whatever version is installed):
 * - a part skipped for busboy's own `parts` limit got no 'error' listener, so a body cut
 *   inside such a part threw. Parts are counted here instead (isPartAFile).
 * - a part whose header block never ended was waited for forever. The body is written in
 *   one go and busboy works only in process.nextTick callbacks, so by the next turn of the
 *   event loop (setImmediate) it has finished or failed; if it has done neither, it is
 *   waiting for bytes that will never come, and the body is malformed.
 */
export function parseMultipart(
  body: Buffer,
  boundary: string,
  limits: MultipartLimits,
): Promise<Record<string, MultipartValue>> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error?: unknown) => {
      if (settled) return;
      settled = true;
      reject(
        error instanceof DomainError ? error : malformed('The request body could not be parsed as multipart/form-data'),
      );
    };
    const values = new Map<string, MultipartValue>();
    const add = (name: string, value: string | FilePart) => {
      const before = values.get(name);
      values.set(name, before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value]);
    };
    let parts = 0;
    let openFiles = 0;
    let finished = false;
    const done = () => {
      if (settled || !finished || openFiles > 0) return;
      settled = true;
      // fromEntries defines own properties, so a field named `__proto__` is a field, not a prototype.
      resolve(Object.fromEntries(values));
    };

    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        // The boundary was validated by the caller (RFC 2046 characters only, no `"`), so quoting it is safe.
        headers: { 'content-type': `multipart/form-data; boundary="${boundary}"` },
        limits: { fileSize: limits.fileSize, files: limits.files, fields: limits.fields, fieldSize: limits.fieldSize },
        // Called once for every form-data part, before busboy applies its limits: the place to count parts.
        isPartAFile: (name, contentType, filename) => {
          if (++parts > limits.parts) fail(malformed(`The request body has more than ${limits.parts} parts`));
          else if (name === undefined)
            fail(malformed('Every part must have a name (Content-Disposition: form-data; name="…")'));
          return contentType === 'application/octet-stream' || filename !== undefined;
        },
      });
    } catch (error) {
      fail(error);
      return;
    }
    parser.on('error', fail);
    parser.on('fieldsLimit', () => fail(malformed(`The request body has more than ${limits.fields} text fields`)));
    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) fail(new TooLargeError(`A text field exceeds ${limits.fieldSize} bytes`));
      else add(name, value);
    });
    parser.on('file', (name, stream, filename, encoding, mimetype) => {
      openFiles++;
      const chunks: Buffer[] = [];
      stream.on('error', fail);
      stream.on('limit', () => fail(new TooLargeError(`The file exceeds the ${limits.fileSize}-byte limit`)));
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        add(name, {
          filename: filename ?? '',
          mimetype,
          encoding,
          truncated: stream.truncated,
          content: Buffer.concat(chunks),
        });
        openFiles--;
        done();
      });
    });
    parser.on('finish', () => {
      finished = true;
      done();
    });
    try {
      parser.end(body);
    } catch (error) {
      fail(error);
    }
    setImmediate(() => fail(malformed('The multipart/form-data body ends inside a part')));
  });
}

const malformed = (message: string) => new InvalidInputError(message, 'MALFORMED_BODY');
