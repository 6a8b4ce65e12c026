import type { OtherAnswer } from './contract';

/**
 * The HTML error page (lib/http/html.ts errorAnswer) a browser gets where an API client gets the
 * JSON error: on the routes a person opens (the passport page, the resolver, the catch-all).
 * Docs only: no function bundles this file.
 */
const htmlError = (status: 400 | 404): OtherAnswer => ({
  status,
  contentType: 'text/html',
  description: 'The same error as an HTML page, for a browser (`Accept` ranks `text/html` above JSON)',
});

export const HTML_ERRORS: readonly OtherAnswer[] = [htmlError(400), htmlError(404)];

export const HTML_NOT_FOUND: readonly OtherAnswer[] = [htmlError(404)];
