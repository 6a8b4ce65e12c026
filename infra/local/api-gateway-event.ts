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
const TEXT_TYPES = /^(text\/|application\/(json|xml|javascript|x-www-form-urlencoded)|application\/[\w.+-]+\+(json|xml))/i;

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
  pathParameters: Record<string, string>;
}

const compiled = routes
  .filter((r) => r.path !== '$default')
  .map((route) => {
    const names: string[] = [];
    const pattern = route.path.replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '{' || c === '}' ? c : `\\${c}`))
      .replace(/\{([^}]+)\}/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
    return { route, names, regex: new RegExp(`^${pattern}$`) };
  });
const fallback = routes.find((r) => r.path === '$default');

/** The route for a method and path, like API Gateway: an exact route, else `$default`. */
export function matchRoute(method: string, path: string): MatchedRoute | undefined {
  for (const { route, names, regex } of compiled) {
    const routeMethod: string = route.method;
    if (routeMethod !== method.toUpperCase() && routeMethod !== 'ANY') continue;
    const m = regex.exec(path);
    if (!m) continue;
    const pathParameters = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
    return { route, pathParameters };
  }
  return fallback ? { route: fallback, pathParameters: {} } : undefined;
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
  const routeKey = matched.route.path === '$default' ? '$default' : `${matched.route.method} ${matched.route.path}`;
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
      domainPrefix: (headers.host ?? 'localhost').split(/[.:]/)[0]!,
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
