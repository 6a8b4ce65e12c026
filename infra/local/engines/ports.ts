/**
 * Shared plumbing of the local engines: the handle every engine returns, free ports,
 * and listening/closing an in-process HTTP server without leaks.
 */

import type { Server as HttpServer } from 'node:http';
import { createServer as createNetServer, type Server as NetServer } from 'node:net';

/** What every `start*` function returns. */
export interface LocalEngine {
  /** Base URL, e.g. `http://127.0.0.1:4566`, to pass as an SDK `endpoint`. */
  endpoint: string;
  /** Stops the engine and resolves once its port is released. Safe to call twice. */
  stop(): Promise<void>;
}

/** Every engine binds to loopback only: nothing here is meant to be reachable from the network. */
export const LOCAL_HOST = '127.0.0.1';

export function localEndpoint(port: number): string {
  return `http://${LOCAL_HOST}:${port}`;
}

/**
 * A port that was free a moment ago on `host`. Only for engines that must be told a port number
 * up front (the DynamoDB Local JVM); in-process servers listen on port 0 instead, which has no
 * race.
 */
export async function freePort(host: string = LOCAL_HOST): Promise<number> {
  const probe = createNetServer();
  const port = await listen(probe, 0, host);
  await closeNetServer(probe);
  return port;
}

/** Whether nothing listens on `port` of `host` right now (EADDRINUSE = taken). */
export async function isPortFree(port: number, host: string = LOCAL_HOST): Promise<boolean> {
  const probe = createNetServer();
  try {
    await listen(probe, port, host);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') return false;
    throw error;
  }
  await closeNetServer(probe);
  return true;
}

/**
 * Listens on `port` (0 = any free one), on loopback unless told otherwise, and resolves with the
 * bound port. Rejects on EADDRINUSE and the like instead of letting the 'error' event crash the
 * process.
 */
export function listen(server: NetServer | HttpServer, port: number, host: string = LOCAL_HOST): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(boundPort(server));
    });
  });
}

/** The port a listening server is bound to. */
export function boundPort(server: NetServer | HttpServer): number {
  const address = server.address();
  if (address === null || typeof address === 'string') {
    throw new Error('server is not listening on a TCP port');
  }
  return address.port;
}

/**
 * Closes an HTTP server and drops its idle keep-alive sockets: the AWS SDK keeps connections
 * open, and `close()` alone would wait for them to time out.
 */
export async function closeHttpServer(server: HttpServer): Promise<void> {
  if (!server.listening) return;
  const closed = closeNetServer(server);
  server.closeAllConnections();
  await closed;
}

function closeNetServer(server: NetServer): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
  });
}

/** Wraps a stop function so that a second call waits for the first instead of failing. */
export function once(stop: () => Promise<void>): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () => {
    stopping ??= stop();
    return stopping;
  };
}
