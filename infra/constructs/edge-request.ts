/**
 * What the CDN keys a public read on, and the CloudFront Function that normalises a request
 * before CloudFront looks it up (infra/constructs/cdn.ts), both from the route rows:
 * - the query parameters a row's input schema names (all of them for a loose query, the
 *   resolver's, which passes the rest on); a row with a strict query refuses any other with a
 *   400 naming them at the edge, as its function does; for the others they are left out of the
 *   key and never reach the function;
 * - the headers its input schema reads (`if-none-match` aside: CloudFront answers revalidation
 *   itself), with `Accept` and `Accept-Language` reduced to what the function distinguishes, so
 *   two browsers that get the same answer share one cache entry.
 */
import type * as v from 'valibot';
import type { Route } from '../../lib/api/contract';

/**
 * How a row's function reads `Accept`, so the edge can reduce it to one value per answer:
 * - `html`: a browser (HTML ranked above JSON: lib/pages/language.ts prefersHtml) gets another
 *   answer (GET /dpp/{dppId}'s 303 to the page; an HTML error page);
 * - `credential`: `application/vc+jwt` preferred to JSON (lib/http/accept.ts prefers) gets the
 *   version's credential;
 * - `resolver`: a link set, JSON-LD (lib/resolver/resolve.ts: the header names the type), else
 *   as `html`.
 */
export type AcceptRule = 'html' | 'credential' | 'resolver';

/** Every cached row whose function (or its HTML error page: lib/http/page-endpoint.ts) reads Accept. */
export const ACCEPT_RULES: Readonly<Record<string, AcceptRule>> = {
  'get-dpp': 'html',
  'get-passport-page': 'html',
  'get-dpp-version-document': 'credential',
  'resolve-item': 'resolver',
  'resolve-product': 'resolver',
};

/** At most this many languages of Accept-Language reach the page: the first ones the reader ranks. */
export const MAX_LANGUAGES = 3;

/** What the edge does with one cached row's requests. */
export interface EdgeRoute {
  fn: string;
  /** The row's path as a regular expression source (each `{parameter}` one segment). */
  path: string;
  /** The query parameters in its cache key; `all` for a loose query (the resolver's). */
  query: readonly string[] | 'all';
  /** A query parameter it does not name is a 400 at the edge (its input's query is strict). */
  strictQuery: boolean;
  /**
   * Parameters the row takes and ignores (the passport page's `utm_*` campaign tags): known at the
   * edge, never in the key nor forwarded, so they cannot split or bust the cache.
   */
  ignoredQuery: readonly string[];
  /** The headers in its cache key, lower case, `accept` and `accept-language` normalised. */
  headers: readonly string[];
  accept?: AcceptRule;
  acceptLanguage: boolean;
}

/** Headers never in a key: CloudFront answers a revalidation itself; the correlation id is forwarded apart. */
const NOT_KEYED = new Set(['if-none-match', 'x-correlation-id']);

/** Query parameters a row takes only to ignore them: the UTM campaign tags a printed code may carry. */
const IGNORED_QUERY = /^utm_/;

type ObjectSchema = { type: string; entries?: Record<string, v.GenericSchema> };

const part = (route: Route, name: 'query' | 'headers'): ObjectSchema | undefined =>
  (route.input as unknown as ObjectSchema).entries?.[name] as ObjectSchema | undefined;

/** One cached row's edge behaviour, from its input schema. */
export function edgeRoute(route: Route): EdgeRoute {
  const query = part(route, 'query');
  const headers = Object.keys(part(route, 'headers')?.entries ?? {})
    .map((name) => name.toLowerCase())
    .filter((name) => !NOT_KEYED.has(name));
  const accept = ACCEPT_RULES[route.fn];
  if (accept && !headers.includes('accept')) headers.push('accept');
  return {
    fn: route.fn,
    path: `^${route.path.replace(/[.+^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`,
    query:
      query?.type === 'loose_object' ? 'all' : Object.keys(query?.entries ?? {}).filter((n) => !IGNORED_QUERY.test(n)),
    strictQuery: query?.type === 'strict_object',
    ignoredQuery: Object.keys(query?.entries ?? {}).filter((n) => IGNORED_QUERY.test(n)),
    headers: [...new Set(headers)].sort(),
    ...(accept && { accept }),
    acceptLanguage: headers.includes('accept-language'),
  };
}

/**
 * The CloudFront Function (cloudfront-js-2.0, viewer request) of the cached behaviours. Plain
 * ES5-style JavaScript, its route table inlined; test/infra/cdn.test.ts runs it and checks that
 * every normalised header gets the same answer from the functions' own rules as the original.
 */
export function edgeFunctionCode(routes: readonly EdgeRoute[]): string {
  const table = routes.map((r) => ({
    p: r.path,
    q: r.query,
    s: r.strictQuery,
    i: r.ignoredQuery,
    a: r.accept ?? null,
    l: r.acceptLanguage,
  }));
  return `var ROUTES = ${JSON.stringify(table)}.map(function (r) { r.p = new RegExp(r.p); return r; });
var MAX_LANGUAGES = ${MAX_LANGUAGES};

function qualities(accept) {
  return accept.split(',').map(function (part) {
    var params = part.split(';');
    var type = params.shift().trim().toLowerCase();
    var q = 1;
    params.forEach(function (p) {
      var kv = p.trim().split('=');
      if (kv[0].trim().toLowerCase() === 'q') q = Number(kv[1]);
    });
    return { type: type, q: q };
  });
}

function prefersHtml(accept) {
  var html = 0;
  var json = 0;
  qualities(accept).forEach(function (m) {
    if (!isFinite(m.q)) return;
    if (m.type === 'text/html' || m.type === 'application/xhtml+xml') html = Math.max(html, m.q);
    if (m.type === 'application/json' || m.type === 'application/problem+json') json = Math.max(json, m.q);
  });
  return html > 0 && html > json;
}

function quality(ranges, mediaType) {
  var major = mediaType.split('/')[0];
  var best = null;
  ranges.forEach(function (m) {
    if (!/^[!#$%&'*+.^_\`|~0-9a-z-]+\\/[!#$%&'*+.^_\`|~0-9a-z-]+$/.test(m.type)) return;
    var specificity = m.type === mediaType ? 3 : m.type === major + '/*' ? 2 : m.type === '*/*' ? 1 : 0;
    if (specificity === 0 || (best && best.specificity >= specificity)) return;
    best = { specificity: specificity, q: isFinite(m.q) ? Math.min(Math.max(m.q, 0), 1) : 0 };
  });
  return best ? best.q : 0;
}

function prefersCredential(accept) {
  var ranges = qualities(accept);
  if (!ranges.some(function (m) { return m.type === 'application/vc+jwt'; })) return false;
  var q = quality(ranges, 'application/vc+jwt');
  return q > 0 && q >= quality(ranges, 'application/json');
}

function normalAccept(rule, accept) {
  if (rule === 'credential') return prefersCredential(accept) ? 'application/vc+jwt' : 'application/json';
  if (rule === 'resolver') {
    if (accept.indexOf('application/linkset+json') >= 0) return 'application/linkset+json';
    if (accept.indexOf('application/ld+json') >= 0) return 'application/ld+json';
  }
  return prefersHtml(accept) ? 'text/html' : 'application/json';
}

function normalLanguages(header) {
  var ranges = [];
  header.split(',').forEach(function (part, at) {
    var params = part.trim().split(';');
    var range = params.shift().trim().toLowerCase();
    if (!/^(\\*|[a-z]{1,8}(-[a-z0-9]{1,8})*)$/.test(range)) return;
    var q = 1;
    params.forEach(function (p) {
      if (/^q=/i.test(p.trim())) q = Number(p.trim().slice(2));
    });
    if (!isFinite(q) || q <= 0 || q > 1) return;
    ranges.push({ tag: range.split('-')[0], q: q, at: at });
  });
  ranges.sort(function (a, b) { return b.q - a.q || a.at - b.at; });
  var out = [];
  for (var i = 0; i < ranges.length && out.length < MAX_LANGUAGES; i++) {
    if (out.indexOf(ranges[i].tag) < 0) out.push(ranges[i].tag);
    if (ranges[i].tag === '*') break;
  }
  return out.join(', ');
}

function handler(event) {
  var request = event.request;
  var route = null;
  for (var i = 0; i < ROUTES.length; i++) {
    if (ROUTES[i].p.test(request.uri)) { route = ROUTES[i]; break; }
  }
  if (route === null) return request;
  if (route.s) {
    var unknown = Object.keys(request.querystring).filter(function (name) { return route.q.indexOf(name) < 0 && route.i.indexOf(name) < 0; });
    if (unknown.length > 0) {
      return {
        statusCode: 400,
        statusDescription: 'Bad Request',
        headers: {
          'content-type': { value: 'application/json' },
          'cache-control': { value: 'private, no-store' },
          'access-control-allow-origin': { value: '*' }
        },
        body: {
          encoding: 'text',
          data: JSON.stringify({
            error: 'The request is not valid',
            code: 'VALIDATION_ERROR',
            details: unknown.map(function (name) { return { path: name, message: 'is not a query parameter of this route' }; })
          })
        }
      };
    }
  }
  var headers = request.headers;
  if (route.a !== null) headers.accept = { value: normalAccept(route.a, headers.accept ? headers.accept.value : '') };
  if (route.l && headers['accept-language']) {
    var languages = normalLanguages(headers['accept-language'].value);
    if (languages === '') delete headers['accept-language'];
    else headers['accept-language'] = { value: languages };
  }
  return request;
}
`;
}
