import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { namesEtag, strongEtag } from '../etag';

export type HttpResponse = APIGatewayProxyStructuredResultV2 & { statusCode: number; body: string };

/** Marks the answers `ok` and `okJsonText` build, so an endpoint tells them from a bare body. */
const REPLY: unique symbol = Symbol('reply');
declare const BODY: unique symbol;

/** A 200 whose body is T (the compiler compares T with the row's response schema). */
export type Reply<T> = HttpResponse & { readonly [REPLY]: true; readonly [BODY]?: T };
/** An answer sent as given (JSON text, a redirect, a 304, SVG or PNG), which the compiler cannot see into. */
export type RawReply = HttpResponse & { readonly [REPLY]: 'raw' };

export const isReply = (value: unknown): value is Reply<unknown> | RawReply =>
  typeof value === 'object' && value !== null && REPLY in value;

/** Every response body is JSON (docs/spec/decisions.md, Transport). */
export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResponse {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}

/** A 200 with headers beside its body (an endpoint's bare body is a 200 without them). */
export const ok = <T>(body: T, headers?: Record<string, string>): Reply<T> => {
  const reply = json(200, body, headers) as HttpResponse & { [REPLY]: true };
  // Not enumerable: neither the Lambda runtime's serialization nor a stored idempotent answer sees it.
  Object.defineProperty(reply, REPLY, { value: true });
  return reply as Reply<T>;
};

/**
 * A 200 whose body is JSON text sent exactly as given, not parsed and serialized again: a
 * stored document whose bytes a client hashes (a version's canonical document).
 */
export const okJsonText = (body: string, headers: Record<string, string> = {}): RawReply =>
  raw(200, { 'content-type': 'application/json', ...headers }, body);

/**
 * Any answer sent exactly as given: a redirect (no body), a 304, a body of another media type
 * than JSON (`application/linkset+json`, SVG), or bytes (a PNG: sent base64 with isBase64Encoded).
 * The row lists such answers (`answers`, lib/api/contract.ts) for the docs and the contract check.
 */
export function raw(statusCode: number, headers: Record<string, string>, body: string | Buffer = ''): RawReply {
  const reply: HttpResponse = Buffer.isBuffer(body)
    ? { statusCode, headers, body: body.toString('base64'), isBase64Encoded: true }
    : { statusCode, headers, body };
  Object.defineProperty(reply, REPLY, { value: 'raw' });
  return reply as RawReply;
}

/** What GET /dpp/{dppId} depends on besides its URL: Accept (a browser is sent to the page), `language`, a grant's header. */
export const DPP_VARY = 'Accept, language, x-dpp-access';
/** What a version's URI depends on besides its URL: Accept (document or credential), a grant's header. */
export const VERSION_URI_VARY = 'Accept, x-dpp-access';

/** Public, often-read answers: a short max-age, then served stale while a fresh copy is fetched. */
export const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=600';

/** A representation a use case chose, as plain data: a redirect, or a body of a media type (200, or a 300 list). */
export type Representation =
  | { redirect: string; headers: Record<string, string> }
  | { contentType: string; body: unknown; headers: Record<string, string>; status?: 300 };

/**
 * The headers of a public answer a page on another origin may read besides the CORS-safelisted
 * ones: the redirect's target and its link set (`Location`, `Link`), the `ETag`, the language
 * and the correlation id. The CDN's policy exposes the same (infra/constructs/cdn.ts).
 */
export const EXPOSED_HEADERS = 'content-language, etag, link, location, x-correlation-id';

/** CORS for any origin on a public read, as the CDN adds it in the cloud (where a function's own are replaced). */
export const PUBLIC_CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSED_HEADERS,
} as const;

/**
 * A representation as HTTP, cacheable and readable by anyone (PUBLIC_CACHE, CORS `*`, no cookie): a 307 to the
 * redirect, or the body as JSON of its media type with a strong ETag (its SHA-256), and a 304
 * without a body when `If-None-Match` names that ETag.
 */
export function represent(representation: Representation, ifNoneMatch: string | undefined): RawReply {
  // Public data any page may read (where the API's own CORS settings do not answer for it).
  const headers = { 'cache-control': PUBLIC_CACHE, ...PUBLIC_CORS, ...representation.headers };
  if ('redirect' in representation) return raw(307, { ...headers, location: representation.redirect });
  const text = JSON.stringify(representation.body) ?? 'null';
  const etag = strongEtag(text);
  if (namesEtag(ifNoneMatch, etag)) return raw(304, { ...headers, etag });
  return raw(representation.status ?? 200, { ...headers, etag, 'content-type': representation.contentType }, text);
}
