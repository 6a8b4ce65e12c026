import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { lambdaContext, malformedPathAnswer, matchRoute, toApiGatewayEvent } from './api-gateway-event';
import { serveDocs } from './docs-page';
import { closeHttpServer, listen, localEndpoint } from './engines/ports';
import { loadHandler } from './handlers';

/** API Gateway's own payload limit for HTTP APIs. */
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

/**
 * The HTTP API on this machine: each request becomes an API Gateway v2 event for the
 * route's handler module, and the handler's result becomes the response.
 */
export async function startApiServer(port: number, host = '127.0.0.1') {
  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      // Like API Gateway when an integration fails: a generic 500, details only in the log.
      console.error('local api: handler failed', error);
      if (!res.headersSent)
        send(res, 500, { 'content-type': 'application/json' }, '{"message":"Internal Server Error"}');
    });
  });
  const bound = await listen(server, port, host);
  return { url: localEndpoint(bound), close: () => closeHttpServer(server) };
}

async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
  // /docs and /openapi.json are the local server's own pages, matched before the routes so
  // they never reach the $default (not-found) function. Not part of the deployed API.
  if (await serveDocs(req, res)) return;
  const body = await readBody(req);
  if (body === undefined) {
    send(res, 413, { 'content-type': 'application/json' }, '{"message":"Request Entity Too Large"}');
    return;
  }
  const url = req.url ?? '/';
  const matched = matchRoute(req.method ?? 'GET', url.split('?')[0]!);
  if (!matched) {
    send(res, 404, { 'content-type': 'application/json' }, '{"error":"Not Found"}');
    return;
  }
  if (matched.malformed !== undefined) {
    const answer = malformedPathAnswer(matched);
    send(res, answer.status, answer.headers, answer.body);
    return;
  }
  const headers = Object.fromEntries(
    Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]),
  );
  const event = toApiGatewayEvent(
    { method: req.method ?? 'GET', url, headers, body, sourceIp: req.socket.remoteAddress },
    matched,
  );
  const handler = await loadHandler(matched.route.fn);
  const result = await handler(event, lambdaContext(matched.route.fn));
  const payload =
    result.body === undefined ? '' : result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body;
  const responseHeaders: Record<string, string | number | boolean> = { ...result.headers };
  send(res, result.statusCode ?? 200, responseHeaders, payload);
}

function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string | number | boolean>,
  body: string | Buffer,
) {
  res.writeHead(status, Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])));
  res.end(body);
}

/** The whole body, or undefined once it passes API Gateway's limit. */
async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_PAYLOAD_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
