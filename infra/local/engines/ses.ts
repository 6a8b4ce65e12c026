/**
 * Local SES: aws-ses-v2-local, in-process. It accepts SES v1 SendEmail/SendRawEmail (query
 * API, `POST /`) and the v2 REST API, keeps what was sent in memory, shows it at `/` (mail
 * viewer) and returns it as JSON at `GET /store`.
 *
 * Its store is a module-level singleton: two SES engines in one process share their mails.
 * `POST <endpoint>/clear-store` empties it.
 */

import { createRequire } from 'node:module';
import { boundPort, closeHttpServer, LOCAL_HOST, type LocalEngine, localEndpoint, once } from './ports';

export interface SesOptions {
  /** 0 or undefined: a random free port. */
  port?: number;
}

export interface SesEngine extends LocalEngine {
  /** `GET` it for `{ templates, emails: [{ messageId, from, destination, subject, body, at, ... }] }`. */
  storeUrl: string;
}

// createRequire: the package is CommonJS with `exports.default`, which a plain ESM default
// import would hand over as the whole exports object under Node but not under every loader.
const require = createRequire(import.meta.url);

export async function startSes(options: SesOptions = {}): Promise<SesEngine> {
  const { default: startSesServer } = require('aws-ses-v2-local') as typeof import('aws-ses-v2-local');
  const server = await startSesServer({ host: LOCAL_HOST, port: options.port ?? 0 });
  // Express 5 passes a listen error to the callback, which aws-ses-v2-local takes for success:
  // a server that is not listening is how a port in use shows up.
  if (!server.listening) {
    throw new Error(`aws-ses-v2-local could not listen on ${LOCAL_HOST}:${options.port ?? 0} (port in use?)`);
  }
  const endpoint = localEndpoint(boundPort(server));
  return { endpoint, storeUrl: `${endpoint}/store`, stop: once(() => closeHttpServer(server)) };
}
