import { createHash } from 'node:crypto';

/**
 * The few pieces every server-rendered page shares (lib/pages): escaping, the document shell
 * and its security headers. No framework: a page is a function from data to a string, and
 * every value that is not ours passes through `esc` on its way in.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value, escaped for HTML (both contexts: quotes too). */
export const esc = (value: string | number): string => String(value).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** The base64 SHA-256 of a text, as CSP names an inline style or script (`'sha256-…'`). */
export const cspHash = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

export interface Shell {
  /** The `<html lang>` of the page (the language its content is in). */
  lang: string;
  title: string;
  /** The inline style sheet (its hash goes into the CSP). */
  css: string;
  body: string;
  /** An inline script (its hash goes into the CSP); none on the passport page. */
  script?: string;
}

/** A whole HTML document: no external resource, the style (and a script, if any) inline. */
export const page = (shell: Shell): string =>
  '<!doctype html>' +
  `<html lang="${esc(shell.lang)}"><head><meta charset="utf-8">` +
  '<meta name="viewport" content="width=device-width,initial-scale=1">' +
  '<meta name="referrer" content="no-referrer">' +
  `<title>${esc(shell.title)}</title><style>${shell.css}</style></head>` +
  `<body>${shell.body}${shell.script === undefined ? '' : `<script>${shell.script}</script>`}</body></html>`;

/**
 * The Content-Security-Policy of a page: nothing but what it names. The style (and script) by
 * hash, so no other inline code runs; images from the API itself and `imageOrigins` (where the
 * image route redirects: the data bucket); forms only to the API itself; no frames, no plugins,
 * no base URL change, and never framed by another page (clickjacking).
 */
export function contentSecurityPolicy(options: { css: string; script?: string; imageOrigins?: string[] }): string {
  return [
    "default-src 'none'",
    `style-src ${cspHash(options.css)}`,
    `img-src 'self'${(options.imageOrigins ?? []).map((origin) => ` ${origin}`).join('')}`,
    ...(options.script === undefined ? [] : [`script-src ${cspHash(options.script)}`, "connect-src 'self'"]),
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers of every HTML answer: its media type, its CSP, and no sniffing, framing or referrer. */
export const htmlHeaders = (csp: string): Record<string, string> => ({
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': csp,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
});
