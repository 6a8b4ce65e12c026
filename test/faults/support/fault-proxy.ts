import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';

/**
 * A small HTTP proxy in front of one local engine, so a test can take the engine away and
 * bring it back while the service keeps its endpoint:
 * - `pass`: every request goes through;
 * - `pause`: requests are held, not answered, and sent on when the engine returns, even
 *   those whose client gave up meanwhile (what a paused process does: the kernel accepts the
 *   connection and keeps the bytes; the process reads them once it runs again); with `only`,
 *   only the requests it picks (one kind of call), the others go through;
 * - `down`: the port is closed and open connections are cut (a killed process: ECONNREFUSED);
 * - `error`: every request is answered with the given error (throttling, SlowDown, a 500).
 */
export type ProxyMode =
  | { kind: 'pass' }
  | { kind: 'pause'; only?: (request: IncomingMessage) => boolean }
  | { kind: 'down' }
  | { kind: 'error'; status: number; headers: Record<string, string>; body: string };

export interface FaultProxy {
  /** The proxy's base URL: what the service is given as the engine's endpoint. */
  url: string;
  set(mode: ProxyMode): Promise<void>;
  /** Requests that reached the engine through the proxy so far. */
  forwarded(): number;
  /** The bodies of those requests, in order (a JSON-RPC call names its method and params). */
  forwardedBodies(): readonly string[];
  close(): Promise<void>;
}

interface Held {
  incoming: IncomingMessage;
  body: Buffer;
  response: ServerResponse;
}

export async function startFaultProxy(upstream: string): Promise<FaultProxy> {
  const target = new URL(upstream);
  let mode: ProxyMode = { kind: 'pass' };
  let count = 0;
  const bodies: string[] = [];
  const held: Held[] = [];
  const sockets = new Set<Socket>();

  const forward = ({ incoming, body, response }: Held) => {
    count++;
    bodies.push(body.toString('utf8'));
    const outgoing = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        if (response.destroyed || response.writableEnded) {
          answer.resume();
          return;
        }
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    outgoing.on('error', () => response.destroy());
    outgoing.end(body);
  };

  const server: Server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request = { incoming, body: Buffer.concat(chunks), response };
      if (mode.kind === 'pause' && (mode.only?.(incoming) ?? true)) held.push(request);
      else if (mode.kind === 'error') {
        response.writeHead(mode.status, { ...mode.headers, 'content-length': Buffer.byteLength(mode.body) });
        response.end(mode.body);
      } else forward(request);
    });
  });
  server.keepAliveTimeout = 60_000;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as { port: number }).port);
      });
    });
  const port = await listen(0);

  return {
    url: `http://127.0.0.1:${port}`,
    async set(next) {
      const previous = mode;
      mode = next;
      if (next.kind === 'down' && previous.kind !== 'down') {
        for (const socket of sockets) socket.destroy();
        held.length = 0;
        await new Promise((resolve) => server.close(resolve));
      }
      if (previous.kind === 'down' && next.kind !== 'down') await listen(port);
      if (previous.kind === 'pause' && next.kind !== 'pause') for (const request of held.splice(0)) forward(request);
    },
    forwarded: () => count,
    forwardedBodies: () => bodies,
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Errors as the engines' real services answer them when they throttle. */
export const THROTTLED = {
  dynamodb: {
    kind: 'error',
    status: 400,
    headers: { 'content-type': 'application/x-amz-json-1.0' },
    body: JSON.stringify({
      __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException',
      message: 'The level of configured provisioned throughput for the table was exceeded.',
    }),
  },
  s3: {
    kind: 'error',
    status: 503,
    headers: { 'content-type': 'application/xml' },
    body: '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>',
  },
} as const satisfies Record<string, ProxyMode>;
