import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Route } from '../../lib/api/contract';
import { lambdaContext, malformedPathAnswer, matchRoute, toApiGatewayEvent } from './api-gateway-event';
import { serveChainExplorer } from './chain-explorer';
import { serveDocs } from './docs-page';
import { closeHttpServer, listen, localEndpoint } from './engines/ports';
import { type Handler, loadHandler } from './handlers';

/** API Gateway's own payload limit for HTTP APIs. */
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

const JSON_TYPE = { 'content-type': 'application/json' } as const;

/**
 * The local server's own answers, in the error body of docs/spec/decisions.md (`{error, code}`,
 * application/json) like every answer of the functions. These are the cases where no
 * function runs: the HTTP layer refused the request, the body is over API Gateway's limit,
 * or the server itself failed.
 */
export const OWN_ANSWERS = {
  malformedRequest: { status: 400, error: 'The request is not valid HTTP/1.1', code: 'MALFORMED_REQUEST' },
  missingHost: { status: 400, error: 'An HTTP/1.1 request needs a Host header', code: 'MALFORMED_REQUEST' },
  connectRefused: { status: 400, error: 'CONNECT is not supported', code: 'MALFORMED_REQUEST' },
  requestTimeout: { status: 408, error: 'The request was not received in time', code: 'REQUEST_TIMEOUT' },
  payloadTooLarge: {
    status: 413,
    error: `The request body is over ${MAX_PAYLOAD_BYTES / 1024 / 1024} MiB`,
    code: 'PAYLOAD_TOO_LARGE',
  },
  expectationFailed: { status: 417, error: 'Only "Expect: 100-continue" is supported', code: 'EXPECTATION_FAILED' },
  headersTooLarge: { status: 431, error: 'The request headers are too large', code: 'HEADERS_TOO_LARGE' },
  internalError: { status: 500, error: 'Internal server error', code: 'INTERNAL_ERROR' },
} as const;
type OwnAnswer = (typeof OWN_ANSWERS)[keyof typeof OWN_ANSWERS];

const bodyOf = ({ error, code }: OwnAnswer) => JSON.stringify({ error, code });

/**
 * The HTTP API on this machine: each request becomes an API Gateway v2 event for the
 * route's handler module, and the handler's result becomes the response.
 */
export async function startApiServer(port: number, host = '127.0.0.1', options: ApiServerOptions = {}) {
  // Host is checked by serve(), which answers in the error body (Node's own check answers an empty 400).
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    serve(req, res, options).catch((error: unknown) => {
      // The client left while its body was being read: nobody to answer.
      if ((error as NodeJS.ErrnoException).code === 'ECONNRESET') return res.destroy();
      // Like API Gateway when an integration fails: a generic 500, details only in the log.
      console.error('local api: request failed', error);
      if (res.headersSent) res.destroy();
      else answer(res, OWN_ANSWERS.internalError);
    });
  });
  // Requests Node refuses before any 'request' event: by default it writes an empty 400/408/431.
  server.on('clientError', answerClientError);
  server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) =>
    answer(res, OWN_ANSWERS.expectationFailed),
  );
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => writeRaw(socket, OWN_ANSWERS.connectRefused));
  const bound = await listen(server, port, host);
  return { url: localEndpoint(bound), close: () => closeHttpServer(server) };
}

/** Another deployment on the same server code: the back-up's (infra/local/backup.ts). */
export interface ApiServerOptions {
  /** Where a route's handler comes from; default the stack's functions (loadHandler). */
  load?: (fn: string) => Promise<Handler>;
  /** The routes this deployment has; another is absent (the catch-all's 404). Default: every route. */
  serves?: (route: Route) => boolean;
  /** The local server's own pages (/docs, the chain explorer); default on. */
  ownPages?: boolean;
}

async function serve(req: IncomingMessage, res: ServerResponse, options: ApiServerOptions): Promise<void> {
  if (req.httpVersion === '1.1' && req.headers.host === undefined) {
    answer(res, OWN_ANSWERS.missingHost);
    return;
  }
  if (options.ownPages !== false) {
    // /docs and /openapi.json are the local server's own pages, matched before the routes so
    // they never reach the $default (not-found) function. Not part of the deployed API.
    if (await serveDocs(req, res)) return;
    // The local chain's transactions (the `url` of an anchored notarization), also the server's own.
    if (await serveChainExplorer(req, res)) return;
  }
  const body = await readBody(req);
  if (body === undefined) {
    answer(res, OWN_ANSWERS.payloadTooLarge);
    return;
  }
  const url = req.url ?? '/';
  const matched = matchRoute(req.method ?? 'GET', url.split('?')[0] ?? '/');
  if (!matched || (options.serves && !options.serves(matched.route))) {
    // Only without a $default row; the same answer as the catch-all function (docs/spec/decisions.md, Transport).
    send(res, 404, JSON_TYPE, '{"error":"Not Found"}');
    return;
  }
  if (matched.malformed !== undefined) {
    const malformed = malformedPathAnswer(matched);
    send(res, malformed.status, malformed.headers, malformed.body);
    return;
  }
  const headers = Object.fromEntries(
    Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]),
  );
  const event = toApiGatewayEvent(
    { method: req.method ?? 'GET', url, headers, body, sourceIp: req.socket.remoteAddress },
    matched,
  );
  const handler = await (options.load ?? loadHandler)(matched.route.fn);
  const result = await handler(event, lambdaContext(matched.route.fn));
  const payload =
    result.body === undefined ? '' : result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body;
  const responseHeaders: Record<string, string | number | boolean> = { ...result.headers };
  send(res, result.statusCode ?? 200, responseHeaders, payload);
}

function send(
  res: ServerResponse,
  status: number,
  headers: Readonly<Record<string, string | number | boolean>>,
  body: string | Buffer,
) {
  res.writeHead(status, Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])));
  res.end(body);
}

function answer(res: ServerResponse, own: OwnAnswer) {
  const body = bodyOf(own);
  send(res, own.status, { ...JSON_TYPE, 'content-length': Buffer.byteLength(body) }, body);
}

/**
 * An answer written straight to the socket, for requests that never became a request
 * object, then the connection is closed (Node's parser cannot go on after such an error).
 */
function writeRaw(socket: Duplex, own: OwnAnswer): void {
  const body = bodyOf(own);
  socket.end(
    `HTTP/1.1 ${own.status} ${STATUS_CODES[own.status]}\r\n` +
      'content-type: application/json\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      'connection: close\r\n\r\n' +
      body,
  );
}

/** Node's default 'clientError' behaviour (400, 408, 431, or just close), with the error body. */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // Node's parser stays on the socket and reports every later chunk of the refused request
  // again: the first report is answered, the rest are what drainUntilClosed drops.
  if (answered.has(socket)) return;
  // A response already under way on this connection (keep-alive) cannot be followed by raw bytes.
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const own =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? OWN_ANSWERS.headersTooLarge
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? OWN_ANSWERS.requestTimeout
        : OWN_ANSWERS.malformedRequest;
  answered.add(socket);
  writeRaw(socket, own);
  drainUntilClosed(socket);
}

/** Sockets whose refused request was answered; their later parser errors are the same request. */
const answered = new WeakSet<Duplex>();

/** How long a refused request's remaining body is read and dropped before the connection is cut. */
const DRAIN_MS = 10_000;

/**
 * After answering a request Node's parser refused, reads and drops whatever the client is
 * still sending: closing a socket with unread bytes resets the connection (RST), and the
 * client would see ECONNRESET/EPIPE instead of the answer it was sent. Bounded in time.
 */
function drainUntilClosed(socket: Duplex): void {
  const cut = setTimeout(() => socket.destroy(), DRAIN_MS);
  cut.unref();
  socket.once('close', () => clearTimeout(cut));
  socket.on('data', () => {});
  socket.resume();
}

/**
 * The whole body, or undefined once it passes API Gateway's limit (at once when
 * content-length says so). Past the limit the rest is read and dropped rather than the
 * connection cut, so the client gets to read the 413.
 */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_PAYLOAD_BYTES) {
    req.resume();
    return Promise.resolve(undefined);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      if (size > MAX_PAYLOAD_BYTES) return;
      size += chunk.length;
      if (size > MAX_PAYLOAD_BYTES) {
        chunks.length = 0;
        resolve(undefined);
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
