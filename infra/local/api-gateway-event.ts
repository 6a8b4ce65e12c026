import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type { Route } from '../../lib/api/contract';
import { routes } from '../../lib/api/routes';

/**
 * API Gateway HTTP API (payload format 2.0) events, built the way API Gateway builds
 * them: lowercased headers, raw path and query string, path parameters, base64 for
 * bodies that are not text, and `requestContext.http`. Used by the local server and by
 * the sample-event generator, so both give handlers the same event.
 */
const TEXT_TYPES =
  /^(text\/|application\/(json|xml|javascript|x-www-form-urlencoded)|application\/[\w.+-]+\+(json|xml))/i;

export interface HttpRequestLike {
  method: string;
  /** Path plus optional query string, as on the request line. */
  url: string;
  headers: Record<string, string | undefined>;
  body?: Buffer;
  sourceIp?: string;
}

export interface MatchedRoute {
  route: Route;
  /** Decoded, as API Gateway passes them; as sent (still encoded) when `malformed` is set. */
  pathParameters: Record<string, string>;
  /**
   * The first path parameter whose percent-encoding cannot be decoded (`abc%`, `%ZZ`, the cut
   * UTF-8 sequence `%E0%A4%A`). The local server answers such a request itself
   * (`malformedPathAnswer()`). In the cloud API Gateway decodes path parameters and may pass
   * such a segment on raw or with U+FFFD; every path parameter's schema refuses both, so the
   * functions answer 400 too (test/functions/malformed-path.test.ts).
   */
  malformed?: string;
}

/**
 * The rows as API Gateway matches them: a `{name}` is one segment; a greedy `{name+}` (last in
 * its path) is the rest of the path, slashes included, and is tried only after every route
 * without one (API Gateway prefers the more specific route). Its parameter is `name`.
 */
const compiled = routes
  .filter((r) => r.path !== '$default')
  .map((route) => {
    const names: string[] = [];
    const pattern = route.path
      .replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '{' || c === '}' || c === '+' ? c : `\\${c}`))
      .replace(/\{([^}]+)\}/g, (_, name: string) => {
        const greedy = name.endsWith('+');
        names.push(greedy ? name.slice(0, -1) : name);
        return greedy ? '(.+)' : '([^/]+)';
      });
    return { route, names, regex: new RegExp(`^${pattern}$`) };
  })
  .sort((a, b) => Number(a.route.path.includes('+}')) - Number(b.route.path.includes('+}')));
const fallback = routes.find((r) => r.path === '$default');

/**
 * The route for a method and path, like API Gateway: an exact route, else `$default`. A
 * path parameter that is not valid percent-encoded UTF-8 still matches its route, with
 * `malformed` naming it; it never throws.
 */
export function matchRoute(method: string, path: string): MatchedRoute | undefined {
  for (const { route, names, regex } of compiled) {
    if (!answersMethod(route, method.toUpperCase())) continue;
    const m = regex.exec(path);
    if (!m) continue;
    const raw = names.map((n, i) => [n, m[i + 1] ?? ''] as const);
    const decoded = raw.map(([n, segment]) => [n, decodeSegment(segment)] as const);
    const malformed = decoded.find(([, value]) => value === undefined)?.[0];
    if (malformed !== undefined) return { route, pathParameters: Object.fromEntries(raw), malformed };
    return { route, pathParameters: Object.fromEntries(decoded) as Record<string, string> };
  }
  return fallback ? { route: fallback, pathParameters: {} } : undefined;
}

/** The row's own method, ANY, or one of the methods it also answers (HEAD, OPTIONS: its `alsoAnswers`). */
function answersMethod(route: Route, method: string): boolean {
  const routeMethod: string = route.method;
  return routeMethod === method || routeMethod === 'ANY' || (route.alsoAnswers ?? []).some((other) => other === method);
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined; // URIError: a lone `%`, `%` without two hex digits, or bytes that are not UTF-8
  }
}

/** The local server's answer to a path it cannot decode: 400 in the error body of docs/spec/decisions.md, before any handler runs. */
export function malformedPathAnswer(matched: MatchedRoute) {
  const error = `The path parameter ${matched.malformed} is not valid percent-encoding (RFC 3986) of UTF-8 text`;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  return { status: 400, headers, body: JSON.stringify({ error, code: 'MALFORMED_PATH' }) };
}

export function toApiGatewayEvent(
  request: HttpRequestLike,
  matched: MatchedRoute,
  /** Fixed values make sample events reproducible. */
  fixed: { requestId?: string; now?: Date } = {},
): APIGatewayProxyEventV2 {
  const [rawPath = '/', rawQueryString = ''] = request.url.split(/\?(.*)/s, 2);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = value;
  }
  const query = new URLSearchParams(rawQueryString);
  const queryStringParameters: Record<string, string> = {};
  for (const key of new Set(query.keys())) queryStringParameters[key] = query.getAll(key).join(',');
  const body = request.body && request.body.length > 0 ? request.body : undefined;
  const isText = TEXT_TYPES.test(headers['content-type'] ?? '');
  const now = fixed.now ?? new Date();
  // The route API Gateway matched: a row's own, or the HEAD or OPTIONS route the stack adds beside it.
  const method = request.method.toUpperCase();
  const routeMethod = (matched.route.alsoAnswers ?? []).some((other) => other === method)
    ? method
    : matched.route.method;
  const routeKey = matched.route.path === '$default' ? '$default' : `${routeMethod} ${matched.route.path}`;
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString,
    headers,
    ...(rawQueryString && { queryStringParameters }),
    ...(Object.keys(matched.pathParameters).length > 0 && { pathParameters: matched.pathParameters }),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split(/[.:]/)[0] ?? 'localhost',
      http: {
        method: request.method.toUpperCase(),
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: request.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: fixed.requestId ?? randomUUID(),
      routeKey,
      stage: '$default',
      time: apiGatewayTime(now),
      timeEpoch: now.getTime(),
    },
    ...(body && { body: isText ? body.toString('utf8') : body.toString('base64') }),
    isBase64Encoded: body !== undefined && !isText,
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** API Gateway's request time format: `21/Nov/2026:10:15:30 +0000`. */
function apiGatewayTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}

/** A Lambda context good enough for Middy and Powertools. */
export function lambdaContext(fn: string): Context {
  const requestId = randomUUID();
  const deadline = Date.now() + 10_000;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: fn,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${fn}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${fn}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
