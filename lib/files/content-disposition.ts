import type { AllowedMimeType } from './file-type';

/** The extension a download of each stored type gets when its name has none. */
const EXTENSIONS: Record<AllowedMimeType, string> = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
  'image/gif': '.gif',
  'text/plain': '.txt',
  'text/csv': '.csv',
  'application/json': '.json',
};

/** What a download is called: the file's name, with its type's extension when the name has none. */
export function downloadName(name: string, mimeType: AllowedMimeType): string {
  // No control or bidi characters, no path: a name is one line of text.
  const clean = name
    .replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(/[/\\]/g, '_')
    .trim();
  const base = clean === '' ? 'file' : clean;
  const extension = EXTENSIONS[mimeType];
  return extension && !base.toLowerCase().endsWith(extension) ? `${base}${extension}` : base;
}

/** RFC 8187 (ex-5987) `value-chars`: UTF-8, percent-encoded but for attr-char. */
const extValue = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A `Content-Disposition` (RFC 6266) naming the download `filename`: `filename` an ASCII
 * fallback (anything else, `"` and `\\` as `_`) for old clients, `filename*` the exact name in
 * UTF-8 (RFC 8187), which clients that know it prefer.
 */
export function contentDisposition(type: 'attachment' | 'inline', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${type}; filename="${fallback}"; filename*=UTF-8''${extValue(filename)}`;
}
