/**
 * The catch-all's page for a browser: an unknown address. Fixed, English, unstyled, and as small
 * as the catch-all itself (its bundle has no SDK and may only grow by a few hundred bytes), so
 * not the localized error page of lib/pages/error-page.ts.
 */
export const NOT_FOUND_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
  '<title>Not found</title></head><body><main><h1>Not found</h1>' +
  '<p>There is nothing at this address. Check the code you scanned or the link you followed.</p></main></body></html>';

/** Nothing to load at all. */
export const NOT_FOUND_CSP = "default-src 'none'; base-uri 'none'; frame-ancestors 'none'";
