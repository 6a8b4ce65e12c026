import { EventEmitter } from 'node:events';
/**
 * Local S3: @20minutes/s3rver, in-process. Chosen because it verifies SigV4 signatures and
 * presigned-URL expiry, so a tampered or expired presigned URL gets 403 as on AWS.
 *
 * Like the cloud bucket (private, Block Public Access), it refuses a request with no signature
 * at all: 403 AccessDenied. s3rver itself, like S3 with a public-read bucket, lets such a request
 * through and checks only signed ones, and has no option to require a signature, so
 * `refuseUnsignedRequests` adds the missing check in its middleware chain.
 *
 * Caveats for callers:
 * - it does not understand the SDK's default aws-chunked upload with a trailing checksum
 *   (`x-amz-content-sha256: STREAMING-UNSIGNED-PAYLOAD-TRAILER`), which the SDK uses for
 *   *stream* bodies: PutObject with a Buffer/Uint8Array/string works, a stream body needs
 *   `requestChecksumCalculation: 'WHEN_REQUIRED'` on the client.
 */

import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeHttpServer, type LocalEngine, listen, localEndpoint, once } from './ports';

/**
 * The only key pair s3rver knows (hard-coded in its lib/models/account.js). Requests signed
 * with any other access key get 403 InvalidAccessKeyId.
 */
export const S3_LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** The S3 events of every local S3 engine of this process (`event`: `{Records: [...]}` as S3 sends them). */
export const s3Events = new EventEmitter();

export interface S3Options {
  /** 0 or undefined: a random free port. */
  port?: number;
  /** Where buckets live. Kept on stop. Default: a fresh temp dir, removed on stop. */
  directory?: string;
}

/** The part of s3rver's (untyped, CommonJS) API used here; it is a Koa application. */
interface S3rverInstance {
  callback(): Parameters<typeof createServer>[1];
  logger: { close(): void };
  middleware: KoaMiddleware[];
}
interface KoaContext {
  method: string;
  path: string;
  mountPath?: string;
  state: { vhost?: boolean };
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, string | string[] | undefined>;
}
type KoaMiddleware = ((ctx: KoaContext, next: () => Promise<void>) => Promise<void> | void) & { name: string };
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;
type S3ErrorConstructor = new (code: string, message: string) => Error;

// createRequire: s3rver is CommonJS without type declarations.
const require = createRequire(import.meta.url);
const S3Error = require('@20minutes/s3rver/lib/models/error') as S3ErrorConstructor;

/** The local S3 engine, and the directory it keeps its buckets' objects in (s3rver's layout: `<bucket>/<key>._S3rver_object`). */
export interface S3Engine extends LocalEngine {
  directory: string;
}

export async function startS3(options: S3Options = {}): Promise<S3Engine> {
  const directory = options.directory ?? (await mkdtemp(join(tmpdir(), 's3rver-')));
  const ownsDirectory = options.directory === undefined;
  // s3rver lists buckets by reading this directory, so it must exist before the first request.
  await mkdir(directory, { recursive: true });

  const S3rver = require('@20minutes/s3rver') as S3rverConstructor;
  const s3rver = new S3rver({
    silent: true,
    directory,
    // Path-style addressing only (clients set forcePathStyle): with vhost buckets on, any
    // Host that is neither an IP nor `localhost` (a machine or container name) is taken as
    // a bucket name.
    vhostBuckets: false,
  });
  // Its event notifications (an S3 event's JSON), for the local import queue (infra/local/import-queue.ts).
  (s3rver as unknown as { on(name: string, listener: (event: unknown) => void): void }).on('event', (event) =>
    s3Events.emit('event', event),
  );
  signBucketPathsWithTrailingSlash(s3rver);
  refuseUnsignedRequests(s3rver);
  encodeQueryLikeSigV4();
  // Our own server instead of s3rver.run(): run() has no 'error' listener, so a port in use
  // would crash the whole process instead of rejecting.
  const server = createServer(s3rver.callback());
  const port = await listen(server, options.port ?? 0).catch(async (error: unknown) => {
    await cleanUp(s3rver, ownsDirectory ? directory : undefined);
    throw error;
  });

  return {
    endpoint: localEndpoint(port),
    directory,
    stop: once(async () => {
      await closeHttpServer(server);
      await cleanUp(s3rver, ownsDirectory ? directory : undefined);
    }),
  };
}

/**
 * AWS SDK v3 sends bucket-level requests path-style as `/<bucket>/` (CreateBucket, HeadBucket,
 * ListObjectsV2...) and signs that path, but s3rver rebuilds the canonical path as `/<bucket>`,
 * so every such request fails with SignatureDoesNotMatch. s3rver's authentication builds
 * `'/' + bucket + mountPath` for virtual-host requests, so flagging exactly these requests as
 * virtual-host with mountPath `/` makes it sign `/<bucket>/`, which is what S3 itself does.
 * Routing is unaffected (it reads the path, not these fields). Inserted right after s3rver's
 * own vhost middleware, which would otherwise reset the flag.
 */
function signBucketPathsWithTrailingSlash(s3rver: S3rverInstance): void {
  const vhostIndex = s3rver.middleware.findIndex((middleware) => middleware.name === 'vhost');
  if (vhostIndex < 0) throw new Error('s3rver internals changed: no vhost middleware to patch after');
  const bucketPathWithTrailingSlash: KoaMiddleware = (ctx, next) => {
    if (!ctx.state.vhost && /^\/[^/]+\/$/.test(ctx.path)) {
      ctx.state.vhost = true;
      ctx.mountPath = '/';
    }
    return next();
  };
  s3rver.middleware.splice(vhostIndex + 1, 0, bucketPathWithTrailingSlash);
}

/**
 * Refuses, with S3's 403 AccessDenied, every request that carries none of the three signatures
 * s3rver knows: an `Authorization` header, SigV4 query parameters (`X-Amz-Algorithm`, what
 * presigned URLs carry) or SigV2 ones (`Signature`). The test is exactly the one s3rver's own
 * authentication uses to decide whether to verify (same names, same case), so every request let
 * through here is one s3rver verifies: signature, access key and expiry. CORS preflights
 * (OPTIONS) carry no signature on S3 either. Inserted before the router, so it covers every
 * route: objects, bucket listings (`?list-type=2`), the bucket list, writes and deletes.
 */
function refuseUnsignedRequests(s3rver: S3rverInstance): void {
  const vhostIndex = s3rver.middleware.findIndex((middleware) => middleware.name === 'vhost');
  if (vhostIndex < 0) throw new Error('s3rver internals changed: no vhost middleware to insert after');
  const requireSignature: KoaMiddleware = (ctx, next) => {
    const signed = 'authorization' in ctx.headers || 'X-Amz-Algorithm' in ctx.query || 'Signature' in ctx.query;
    if (signed || ctx.method === 'OPTIONS') return next();
    // s3rver renders its own errors as S3 does: the XML body, the status of the code (403 here).
    throw new S3Error('AccessDenied', 'Access Denied');
  };
  s3rver.middleware.splice(vhostIndex + 1, 0, requireSignature);
}

/** The built-in, kept: encodeRfc3986 stands in for the global one while s3rver verifies a signature. */
const builtInEncode = globalThis.encodeURIComponent;

/** RFC 3986 percent-encoding, as SigV4 canonicalizes: encodeURIComponent leaves `!'()*` as they are. */
const encodeRfc3986 = (text: string | number | boolean): string =>
  builtInEncode(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * s3rver canonicalizes a SigV4 query with the global encodeURIComponent, which leaves `!'()*`
 * unencoded where SigV4 (and S3, and the SDK's presigner) encodes them, so a signed URL whose
 * query holds one fails with SignatureDoesNotMatch. A presigned download names its file in
 * `response-content-disposition` (RFC 6266's `filename*=UTF-8''…` has `*` and `'`), so every
 * download would. s3rver's authentication middleware (a layer of its router, a module
 * singleton) computes the signature synchronously before it calls `next()`; wrapped, it runs
 * with encodeURIComponent encoding as SigV4 does, put back when it calls `next()` or returns,
 * whichever comes first: nothing is awaited in between, so no other code of the process sees
 * it. A request that does not verify still fails (only the encoding of the query changes).
 */
function encodeQueryLikeSigV4(): void {
  const router = require('@20minutes/s3rver/lib/routes') as {
    stack: Array<{ stack: Array<KoaMiddleware & { sigV4Query?: true }> }>;
  };
  const layer = router.stack.find((candidate) => candidate.stack.some((fn) => fn.name === 'authentication'));
  const index = layer?.stack.findIndex((fn) => fn.name === 'authentication') ?? -1;
  if (!layer || index < 0) throw new Error('s3rver internals changed: no authentication middleware to wrap');
  const authentication = layer.stack[index] as KoaMiddleware & { sigV4Query?: true };
  if (authentication.sigV4Query) return;
  const wrapped = Object.assign(
    (ctx: KoaContext, next: () => Promise<void>) => {
      const restore = () => {
        globalThis.encodeURIComponent = builtInEncode;
      };
      globalThis.encodeURIComponent = encodeRfc3986;
      try {
        return authentication(ctx, () => {
          restore();
          return next();
        });
      } finally {
        restore();
      }
    },
    { sigV4Query: true as const },
  );
  Object.defineProperty(wrapped, 'name', { value: 'authentication' });
  layer.stack[index] = wrapped;
}

async function cleanUp(s3rver: S3rverInstance, temporaryDirectory: string | undefined): Promise<void> {
  s3rver.logger.close();
  if (temporaryDirectory) await rm(temporaryDirectory, { recursive: true, force: true });
}
