/**
 * Local S3: @20minutes/s3rver, in-process. Chosen because it verifies SigV4 signatures and
 * presigned-URL expiry, so a tampered or expired presigned URL gets 403 as on AWS.
 *
 * Caveats for callers:
 * - like S3 with a public-read bucket, s3rver lets a request with no signature at all through;
 *   only *signed* requests are checked;
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
  path: string;
  mountPath?: string;
  state: { vhost?: boolean };
}
type KoaMiddleware = ((ctx: KoaContext, next: () => Promise<void>) => Promise<void> | void) & { name: string };
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;

// createRequire: s3rver is CommonJS without type declarations.
const require = createRequire(import.meta.url);

export async function startS3(options: S3Options = {}): Promise<LocalEngine> {
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
  signBucketPathsWithTrailingSlash(s3rver);
  // Our own server instead of s3rver.run(): run() has no 'error' listener, so a port in use
  // would crash the whole process instead of rejecting.
  const server = createServer(s3rver.callback());
  const port = await listen(server, options.port ?? 0).catch(async (error: unknown) => {
    await cleanUp(s3rver, ownsDirectory ? directory : undefined);
    throw error;
  });

  return {
    endpoint: localEndpoint(port),
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

async function cleanUp(s3rver: S3rverInstance, temporaryDirectory: string | undefined): Promise<void> {
  s3rver.logger.close();
  if (temporaryDirectory) await rm(temporaryDirectory, { recursive: true, force: true });
}
