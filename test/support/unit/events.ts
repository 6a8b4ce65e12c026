import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { lambdaContext, matchRoute, toApiGatewayEvent } from '../../../infra/local/api-gateway-event';
import type { RouteFn } from '../../../lib/api/routes';
import type { HttpResponse } from '../../../lib/http/response';
import type { ApiEvent } from '../../../lib/http/types';
import type { MultipartBody } from './multipart';

/**
 * Drives a real handler from functions/ with the event API Gateway (HTTP API, payload
 * 2.0) would send: the route is matched from the route table, so a URL that does not
 * reach the function under test fails the test instead of silently testing another route.
 */
export interface TestRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Path plus optional query string. */
  url: string;
  headers?: Record<string, string>;
  /** A bearer token (sent as `Authorization: Bearer …`). */
  token?: string;
  /** Raw body; a multipart body also sets the content-type. */
  body?: Buffer | string | MultipartBody;
}

export interface TestResponse {
  status: number;
  headers: Record<string, string>;
  /** The raw body text. */
  text: string;
  /** The body parsed as JSON (undefined when it is not JSON). */
  // biome-ignore lint/suspicious/noExplicitAny: JSON a test reads field by field
  json: any;
}

type Handler = (event: ApiEvent, context: Context) => Promise<HttpResponse>;

export function apiEvent(fn: RouteFn, request: TestRequest): APIGatewayProxyEventV2 {
  const path = request.url.split('?')[0]!;
  const matched = matchRoute(request.method, path);
  if (matched?.route.fn !== fn) {
    throw new Error(`${request.method} ${path} is routed to ${matched?.route.fn ?? 'nothing'}, not to ${fn}`);
  }
  const headers: Record<string, string> = { host: 'api.unit.test', 'user-agent': 'vitest', ...request.headers };
  let body: Buffer | undefined;
  if (Buffer.isBuffer(request.body)) body = request.body;
  else if (typeof request.body === 'string') body = Buffer.from(request.body, 'utf8');
  else if (request.body) {
    body = request.body.body;
    headers['content-type'] ??= request.body.contentType;
  }
  if (request.token !== undefined) headers.authorization = `Bearer ${request.token}`;
  return toApiGatewayEvent({ method: request.method, url: request.url, headers, body }, matched);
}

export async function invokeEvent(fn: RouteFn, handler: Handler, event: APIGatewayProxyEventV2): Promise<TestResponse> {
  const response = await handler(event, lambdaContext(fn));
  const headers = Object.fromEntries(
    Object.entries(response.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)]),
  );
  let json: unknown;
  try {
    json = JSON.parse(response.body);
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, headers, text: response.body, json };
}

/** Builds the event for `request` and runs `handler` (the function `fn` of the route table) on it. */
export const invoke = (fn: RouteFn, handler: Handler, request: TestRequest): Promise<TestResponse> =>
  invokeEvent(fn, handler, apiEvent(fn, request));
