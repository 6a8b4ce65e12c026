import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { InvalidInputError, TooLargeError, ValidationError } from '../errors';
import { MAX_UPLOAD_BYTES } from '../limits';
import { notSingleLine } from '../text';
import { type AllowedMimeType, detectFileType } from './file-type';

/** A multipart file part as the multipart parser (lib/http/multipart.ts) leaves it. */
export interface FilePart {
  filename: string;
  mimetype: string;
  encoding: string;
  truncated: boolean;
  content: Buffer;
}

/** An upload that passed every check: its bytes, detected type and SHA-256. */
export interface Upload {
  bytes: Buffer;
  mimeType: AllowedMimeType;
  sha256: string;
  size: number;
  filename: string;
}

/** Schema for the `file` part of a multipart body (a part, not a text field). Two parts arrive as an array. */
export const filePart = v.custom<FilePart | FilePart[]>(
  (value) => typeof value === 'object' && value !== null,
  'must be a file part',
);

/**
 * The `file` part of a route that cannot do without one (an upload, a notarization): optional
 * to valibot, so that its absence is readUpload's 400 `NO_FILE`, and `required` in the OpenAPI
 * document (lib/api/openapi.ts), which knows it by this schema.
 */
export const requiredFilePart = v.optional(filePart);

export const sha256Hex = v.pipe(
  v.string(),
  v.regex(/^[0-9a-fA-F]{64}$/, 'must be the hex SHA-256 of the file'),
  v.transform((h) => h.toLowerCase()),
);

/** Which detected types an upload route takes, and how its refusal names them. */
export interface UploadFormats {
  types?: ReadonlySet<AllowedMimeType>;
  names: string;
}

/** Every allowed format (docs/spec/decisions.md, Enumerations): the file routes. */
const ANY_FORMAT: UploadFormats = { names: 'PDF, PNG, JPEG, WebP, GIF, plain text, CSV and JSON' };

/** Images only (a DPP's images). */
export const IMAGE_FORMATS: UploadFormats = {
  types: new Set<AllowedMimeType>(['image/png', 'image/jpeg', 'image/webp', 'image/gif']),
  names: 'PNG, JPEG, WebP and GIF',
};

/**
 * Checks an uploaded file: exactly one, not empty, within the size limit, of an allowed
 * type (from its bytes; `formats` narrows them), and — when the client sent one — matching its hash.
 */
export function readUpload(
  part: FilePart | FilePart[] | undefined,
  claimedHash?: string,
  formats: UploadFormats = ANY_FORMAT,
): Upload {
  if (part === undefined) throw new InvalidInputError('no file provided', 'NO_FILE');
  if (Array.isArray(part)) throw new InvalidInputError('send exactly one file', 'TOO_MANY_FILES');
  if (part.truncated || part.content.length > MAX_UPLOAD_BYTES) {
    throw new TooLargeError(`The file exceeds the ${MAX_UPLOAD_BYTES}-byte limit`);
  }
  if (part.content.length === 0) throw new InvalidInputError('the file is empty', 'EMPTY_FILE');

  const mimeType = detectFileType(part.content);
  if (!mimeType || (formats.types && !formats.types.has(mimeType))) {
    throw new InvalidInputError(`invalid file format: allowed are ${formats.names}`, 'INVALID_FILE_FORMAT');
  }
  const sha256 = createHash('sha256').update(part.content).digest('hex');
  if (claimedHash !== undefined && claimedHash !== sha256) {
    throw new InvalidInputError('hash does not match the SHA-256 of the file', 'HASH_MISMATCH', [
      { path: 'hash', message: `expected ${sha256}` },
    ]);
  }
  // The client's file name becomes the default `name`, so it obeys the same 200-character limit.
  const filename = (part.filename || 'file').trim().slice(0, 200) || 'file';
  return { bytes: part.content, mimeType, sha256, size: part.content.length, filename };
}

/**
 * The name a new file is stored under: `name` when sent, else the client's file name, which is
 * then a single-line text like any name (docs/behaviour.md, Text fields): one with a line break,
 * a control character or a bidirectional control is refused, naming the `file` part, before
 * anything is written.
 */
export function nameOfUpload(name: string | undefined, upload: Upload): string {
  if (name !== undefined) return name;
  const refused = notSingleLine(upload.filename);
  if (refused) {
    throw new ValidationError([
      {
        path: 'file',
        message:
          `its file name must be one line of text: ${refused} (a line break, a control character or a ` +
          'bidirectional override, embedding or isolate character) is not allowed; rename it or send `name`',
      },
    ]);
  }
  return upload.filename;
}
