import { namesEtag, strongEtag } from '../etag';
import { type ErrorSubject, renderErrorPage } from '../pages/error-page';
import { htmlHeaders } from '../pages/html';
import { prefersHtml } from '../pages/language';
import { type HttpResponse, json, PUBLIC_CORS, type RawReply, raw } from './response';
import type { ApiEvent } from './types';

/**
 * HTML answers (lib/pages): a page with its ETag, and the HTML error page a browser gets where
 * an API client gets the JSON error.
 */

/**
 * Public pages: fresh for a minute (a shared cache, CloudFront, may keep it as long), then
 * served stale for five while a fresh copy is fetched. A passport changes rarely; a minute is
 * how long an edit may take to show.
 */
export const PAGE_CACHE = 'public, max-age=60, stale-while-revalidate=300';

/**
 * A page as HTTP: a strong ETag (the SHA-256 of its bytes), and a 304 without a body when
 * `If-None-Match` names it. Its `headers` carry the page's CSP, Content-Language and Vary.
 */
export function htmlPage(
  page: { html: string; headers: Record<string, string> },
  ifNoneMatch: string | undefined,
): RawReply {
  // Defaults for the bench's stubbed use case, which answers `{}` (scripts/bench/overhead.ts).
  const { html = '', headers = {} } = page;
  const etag = strongEtag(html);
  // CORS for any origin, as the CDN adds it to every public read: a scanner page on another origin follows the resolver here.
  const common: Record<string, string> = { 'cache-control': PAGE_CACHE, ...PUBLIC_CORS, ...headers, etag };
  if (namesEtag(ifNoneMatch, etag)) {
    const { 'content-security-policy': _csp, 'content-type': _type, ...kept } = common;
    return raw(304, kept);
  }
  return raw(200, common, html);
}

/**
 * A page that is not cached (no ETag: the invitation page, `no-store`), with its status (200
 * unless said). Defaults for the bench's stubbed use case, which answers `{}`.
 */
export function uncachedPage(page: { status?: number; html: string; headers: Record<string, string> }): RawReply {
  const { status = 200, html = '', headers = {} } = page;
  return raw(status, headers, html);
}

const header = (event: ApiEvent, name: string): string | undefined =>
  event.headers?.[name] ?? event.headers?.[name.replace(/(^|-)[a-z]/g, (c) => c.toUpperCase())];

/**
 * The error as the client prefers it: the HTML error page for a browser (Accept ranks
 * text/html above JSON), the JSON error for everyone else; both say they vary with Accept. The
 * page is in `?lang=` when it names one of the pages' languages, else by Accept-Language.
 */
export const errorAnswerAbout =
  (subject: ErrorSubject) =>
  (
    status: number,
    body: Record<string, unknown>,
    headers: Record<string, string> | undefined,
    event: ApiEvent,
  ): HttpResponse => {
    if (!prefersHtml(header(event, 'accept'))) return json(status, body, { vary: 'Accept', ...headers });
    const { html, csp, lang } = renderErrorPage(status, {
      acceptLanguage: header(event, 'accept-language'),
      lang: event.queryStringParameters?.lang,
      code: typeof body.code === 'string' ? body.code : undefined,
      subject,
    });
    return {
      statusCode: status,
      headers: { ...htmlHeaders(csp), 'content-language': lang, vary: 'Accept, Accept-Language', ...headers },
      body: html,
    };
  };

/** A passport's error (the passport page, the resolver). */
export const errorAnswer = errorAnswerAbout('passport');
