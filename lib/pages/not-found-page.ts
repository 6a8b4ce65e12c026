import { createHash } from 'node:crypto';

/**
 * The catch-all's page for a browser: an unknown address. English, and as small as the
 * catch-all itself (its bundle has no SDK and stays within 2 KiB of an empty handler), so not
 * the localized error page of lib/pages/error-page.ts; but styled like it: the few rules of
 * lib/pages/style.ts it uses (fonts, colours, the column, the kicker), inline.
 */
const STYLE =
  'body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#fff;overflow-wrap:anywhere}' +
  'main{max-width:60rem;margin:0 auto;padding:1.5rem 1rem 0}h1{font-size:1.75rem;line-height:1.2;margin:.25rem 0 .5rem}' +
  'p{margin:.25rem 0 .75rem}.kicker,.meta{color:#4a5561;font-size:.9rem}.kicker{margin:0;text-transform:uppercase;letter-spacing:.05em}';

export const NOT_FOUND_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
  `<title>Not found</title><style>${STYLE}</style></head><body><main><p class="kicker">Digital product passport</p><h1>Not found</h1>` +
  '<p>There is nothing at this address. Check the code you scanned or the link you followed.</p>' +
  '<p class="meta">HTTP 404</p></main></body></html>';

/** Nothing to load at all; the inline style by its hash. */
export const NOT_FOUND_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; frame-ancestors 'none'`;
