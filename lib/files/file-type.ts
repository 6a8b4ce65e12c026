/**
 * The MIME type of an upload, from its bytes (docs/spec/decisions.md: never the client's claim).
 *
 * Only the eight allowed formats are recognised, so this is an allow-list rather than a
 * general detector: five binary signatures, then text (valid UTF-8 without control
 * characters) refined to JSON or CSV. A general library (file-type) knows ~200 binary
 * formats we would reject anyway and cannot tell text, CSV or JSON apart.
 */
export type AllowedMimeType =
  | 'application/pdf'
  | 'image/png'
  | 'image/jpeg'
  | 'image/webp'
  | 'image/gif'
  | 'text/plain'
  | 'text/csv'
  | 'application/json';

/** The allowed formats a DPP's image can have. */
export type ImageMimeType = Extract<AllowedMimeType, `image/${string}`>;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

const BINARY_SIGNATURES: ReadonlyArray<{ mime: AllowedMimeType; test: (b: Uint8Array) => boolean }> = [
  { mime: 'application/pdf', test: (b) => startsWith(b, ascii('%PDF-')) },
  { mime: 'image/png', test: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mime: 'image/jpeg', test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { mime: 'image/gif', test: (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')) },
  { mime: 'image/webp', test: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8) },
];

const utf8 = new TextDecoder('utf-8', { fatal: true });
// Tab, LF, FF and CR are text; every other C0 control character and DEL are not.
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

export function detectFileType(bytes: Uint8Array): AllowedMimeType | undefined {
  if (bytes.length === 0) return undefined;
  const binary = BINARY_SIGNATURES.find((s) => s.test(bytes));
  if (binary) return binary.mime;

  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return undefined;
  }
  if (CONTROL.test(text)) return undefined;
  if (isJson(text)) return 'application/json';
  if (isCsv(text)) return 'text/csv';
  return 'text/plain';
}

function isJson(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

/**
 * At least two rows, each with the same (non-zero) number of commas or of semicolons
 * outside double-quoted fields.
 */
function isCsv(text: string): boolean {
  const rows = text
    .split(/\r?\n/)
    .filter((row) => row.length > 0)
    .map((row) => row.replace(/"(?:[^"]|"")*"/g, '""'));
  if (rows.length < 2) return false;
  return [',', ';'].some((sep) => {
    const counts = rows.map((row) => row.split(sep).length - 1);
    const [first = 0] = counts;
    return first > 0 && counts.every((n) => n === first);
  });
}
