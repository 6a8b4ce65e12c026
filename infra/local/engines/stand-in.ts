/**
 * A tiny JSON HTTP server driven by a route map: the skeleton of the stand-ins for third-party
 * services (stripe.ts, vies.ts). Each stand-in owns its route map and its "unknown route"
 * answer, so the shapes stay those of the real service.
 */

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeHttpServer, type LocalEngine, listen, localEndpoint, once } from './ports';

export interface StandInRequest {
  method: string;
  /** Path without the query string, e.g. `/v1/customers/cus_123`. */
  path: string;
  query: URLSearchParams;
  /** Values of `:name` segments of the matched route key. */
  params: Record<string, string>;
  headers: IncomingMessage['headers'];
  /** Raw body text; Stripe sends form-encoded bodies, VIES JSON, so parsing is the route's job. */
  body: string;
}

export interface StandInResponse {
  status: number;
  /** Serialised as JSON. */
  body: unknown;
  headers?: Record<string, string>;
}

export type RouteHandler = (request: StandInRequest) => StandInResponse | Promise<StandInResponse>;

/** Keys are `'METHOD /path'`; a segment written `:name` matches anything and lands in `params`. */
export type RouteMap = Record<string, RouteHandler>;

export interface StandInOptions {
  port?: number;
  routes: RouteMap;
  /** The answer for a request no route matches, in the real service's own error shape. */
  notFound: RouteHandler;
}

/** `GET /health` → 200, shared by every stand-in so start-up checks look alike. */
export const healthRoute: RouteHandler = () => ({ status: 200, body: { status: 'ok' } });

export async function startStandIn(options: StandInOptions): Promise<LocalEngine> {
  const server = createServer((req, res) => {
    void handle(options, req, res);
  });
  const port = await listen(server, options.port ?? 0);
  return { endpoint: localEndpoint(port), stop: once(() => closeHttpServer(server)) };
}

async function handle(options: StandInOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const request = await toStandInRequest(req);
    const { handler, params } = findRoute(options.routes, request.method, request.path) ?? {
      handler: options.notFound,
      params: {},
    };
    send(res, await handler({ ...request, params }));
  } catch (error) {
    // A bug in a route must show up in the test that hit it, not hang the client.
    send(res, { status: 500, body: { error: { message: String(error) } } });
  }
}

async function toStandInRequest(req: IncomingMessage): Promise<StandInRequest> {
  const url = new URL(req.url ?? '/', 'http://stand-in');
  return {
    method: req.method ?? 'GET',
    path: url.pathname,
    query: url.searchParams,
    params: {},
    headers: req.headers,
    body: await readBody(req),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function findRoute(
  routes: RouteMap,
  method: string,
  path: string,
): { handler: RouteHandler; params: Record<string, string> } | undefined {
  for (const [key, handler] of Object.entries(routes)) {
    const [routeMethod, routePath] = key.split(' ');
    if (routeMethod !== method || routePath === undefined) continue;
    const params = matchPath(routePath, path);
    if (params) return { handler, params };
  }
  return undefined;
}

/** Segment-by-segment match; returns the `:name` captures, or undefined when it does not match. */
function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const patternSegments = pattern.split('/');
  const pathSegments = path.split('/');
  if (patternSegments.length !== pathSegments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of patternSegments.entries()) {
    const actual = pathSegments[index] ?? '';
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(actual);
    else if (segment !== actual) return undefined;
  }
  return params;
}

function send(res: ServerResponse, response: StandInResponse): void {
  res.writeHead(response.status, { 'content-type': 'application/json', ...response.headers });
  res.end(JSON.stringify(response.body));
}
