/**
 * The back-up copy on this machine (`npm start -- --backup`; docs/local.md, The back-up copy):
 * what the back-up provider runs in its own account (infra/backup-stack.ts, context role=backup),
 * and what the primary's account replicates into it (infra/constructs/backup.ts).
 *
 * - **Its own engines**: a second DynamoDB Local and a second S3 server, sharing nothing with the
 *   primary's, holding the back-up's table and bucket (LOCAL_BACKUP_TABLE, LOCAL_BACKUP_BUCKET).
 * - **Its read-only API**: the same function bundles, each in its own execution environment with
 *   its template settings pointed at the back-up's engines, for the back-up's routes only
 *   (lib/api/backup-routes.ts); every other route is absent (404).
 * - **The items' replication**: the replicator the stack deploys (functions/replicate-to-backup.ts,
 *   lib/backup) on the primary table's stream, run by the local stream poller as the event source
 *   mapping runs it in the cloud, with its own settings and role (infra/local/stream-worker.ts).
 * - **The objects' replication**: what S3 replication does in the cloud, here on the primary S3
 *   engine's events: each created object is copied, bytes and metadata, to the back-up's bucket.
 *   Deletes are not copied (the cloud's rule replicates no delete marker; Object Lock keeps every
 *   version there). Object Lock itself has no local engine: s3rver keeps no versions.
 */
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { servedByBackup } from '../../lib/api/backup-routes';
import type { Route } from '../../lib/api/contract';
import { BACKUP_BATCH_SIZE, BACKUP_REPLICATOR_FN, EVERY_RECORD } from '../../lib/backup/worker';
import { ensureTableAndBucket, localClients } from './bootstrap';
import { type LocalEngine, type StartLimits, startDynamoDb, startS3 } from './engines';
import { s3Events } from './engines/s3';
import { LOCAL_BACKUP_BUCKET, LOCAL_BACKUP_TABLE, LOCAL_BUCKET, LOCAL_TABLE } from './environment';
import type { Handler } from './handlers';
import { functionCredentials } from './iam/credentials';
import { functionEnvironment } from './runtime/environment';
import { FunctionRuntimes, invocationContext } from './runtime/functions';
import { startApiServer } from './server';
import { type LocalStreamWorker, startStreamWorker } from './stream-worker';

export interface LocalBackupOptions {
  /** The primary stack's environment (its engines, keys and settings). */
  primaryEnv: Record<string, string>;
  /** Ports of the back-up's API and engines; 0 or missing: free ones. */
  ports?: { api?: number; dynamodb?: number; s3?: number };
  /** Keep the back-up's table and objects here between runs. */
  dataDir?: string;
  startLimits?: StartLimits;
  notice?: (message: string) => void;
  /** Each function's bundle and its template settings (by function), as the primary's runtimes use them. */
  bundles?: ReadonlyMap<string, string>;
  settingsOf?: (fn: string) => Readonly<Record<string, string>>;
  /** Serve the back-up's API (default true). */
  serve?: boolean;
}

export interface LocalBackup {
  apiUrl?: string;
  /** The back-up's settings: its engines, table and bucket (what the admin CLI's `--backup` reaches). */
  env: Record<string, string>;
  engines: { dynamodb: LocalEngine; s3: LocalEngine };
  /** What the primary's replicator and its functions need to write the back-up: BACKUP_* settings. */
  replicationSettings: Record<string, string>;
  /** Starts copying the primary's changes (its table's stream from its start, its bucket's new objects). */
  startReplication(): Promise<void>;
  /** Objects copied so far, and copies under way. */
  objectCopies(): { copied: number; pending: number; failed: number };
  /** Stops copying (the primary is gone, or stopping). */
  stopReplication(): Promise<void>;
  stop(): Promise<void>;
}

export async function startLocalBackup(options: LocalBackupOptions): Promise<LocalBackup> {
  const { primaryEnv } = options;
  const [dynamodb, s3] = await Promise.all([
    startDynamoDb({
      port: options.ports?.dynamodb,
      dbPath: options.dataDir && `${options.dataDir}/dynamodb`,
      startLimits: options.startLimits,
      notice: options.notice,
    }),
    startS3({ port: options.ports?.s3, directory: options.dataDir && `${options.dataDir}/s3` }),
  ]);
  const engines = { dynamodb, s3 };
  const stopEngines = async () => {
    await Promise.allSettled([dynamodb.stop(), s3.stop()]);
  };
  let api: Awaited<ReturnType<typeof startApiServer>> | undefined;
  let runtimes: FunctionRuntimes | undefined;
  let items: LocalStreamWorker | undefined;
  let objects: { stop(): Promise<void>; counts(): { copied: number; pending: number; failed: number } } | undefined;
  try {
    const env: Record<string, string> = {
      ...primaryEnv,
      DYNAMODB_ENDPOINT: dynamodb.endpoint,
      S3_ENDPOINT: s3.endpoint,
      TABLE_NAME: LOCAL_BACKUP_TABLE,
      BUCKET_NAME: LOCAL_BACKUP_BUCKET,
    };
    await ensureTableAndBucket(localClients(env), LOCAL_BACKUP_TABLE, LOCAL_BACKUP_BUCKET);
    if (options.serve !== false) {
      const { bundles, settingsOf } = options;
      if (bundles && settingsOf) {
        runtimes = new FunctionRuntimes({
          bundles,
          environmentOf: (fn) => backupFunctionEnvironment(fn, settingsOf(fn), env),
        });
      }
      const current = runtimes;
      if (!current) throw new Error('the back-up runs its functions in their own environments: bundles needed');
      const load =
        async (fn: string): Promise<Handler> =>
        (event, context) =>
          current.invoke(fn, event, invocationContext(context)) as ReturnType<Handler>;
      api = await startApiServer(options.ports?.api ?? 0, '127.0.0.1', {
        load,
        serves: (route: Route) => servedByBackup(route),
        ownPages: false,
      });
      env.PUBLIC_BASE_URL = api.url;
    }
    const replicationSettings = {
      BACKUP_TABLE_NAME: LOCAL_BACKUP_TABLE,
      BACKUP_DYNAMODB_ENDPOINT: dynamodb.endpoint,
    };
    return {
      apiUrl: api?.url,
      env,
      engines,
      replicationSettings,
      startReplication: async () => {
        objects ??= copyNewObjects(primaryEnv, env);
        // The replicator reads the stream with its own role, as the event source mapping does.
        items ??= await startStreamWorker({
          env: primaryEnv,
          tableName: LOCAL_TABLE,
          fn: BACKUP_REPLICATOR_FN,
          filter: EVERY_RECORD,
          streamCredentials: functionCredentials(BACKUP_REPLICATOR_FN),
          pollIntervalMs: 50,
          batchSize: BACKUP_BATCH_SIZE,
        });
      },
      objectCopies: () => objects?.counts() ?? { copied: 0, pending: 0, failed: 0 },
      stopReplication: async () => {
        await Promise.allSettled([items?.stop(), objects?.stop()]);
        items = undefined;
        objects = undefined;
      },
      stop: async () => {
        await Promise.allSettled([items?.stop(), objects?.stop()]);
        await api?.close();
        await runtimes?.stop();
        await stopEngines();
      },
    };
  } catch (error) {
    await api?.close().catch(() => undefined);
    await runtimes?.stop().catch(() => undefined);
    await stopEngines();
    throw error;
  }
}

/**
 * A back-up function's settings: its template settings as the primary's runtime gives them
 * (functionEnvironment), then pointed at the back-up's own table, bucket and address, and told it
 * is the back-up (DEPLOYMENT_ROLE, as infra/backup-stack.ts sets it).
 */
export function backupFunctionEnvironment(
  fn: string,
  templateSettings: Readonly<Record<string, string>>,
  backupEnv: Readonly<Record<string, string>>,
): Record<string, string> {
  const env = functionEnvironment(fn, templateSettings, backupEnv);
  if ('TABLE_NAME' in env) Object.assign(env, { TABLE_NAME: LOCAL_BACKUP_TABLE, DEPLOYMENT_ROLE: 'backup' });
  if ('BUCKET_NAME' in env) env.BUCKET_NAME = LOCAL_BACKUP_BUCKET;
  return env;
}

interface S3EventRecord {
  eventName?: string;
  s3?: { bucket?: { name?: string }; object?: { key?: string } };
}

/**
 * S3 replication's stand-in: each object created in the primary's bucket is read there and
 * written to the back-up's bucket, with its type, disposition, cache control and user metadata,
 * in the order created (one copy at a time per key, a few keys at once).
 */
function copyNewObjects(primaryEnv: Record<string, string>, backupEnv: Record<string, string>) {
  const credentials = {
    accessKeyId: primaryEnv.AWS_ACCESS_KEY_ID ?? '',
    secretAccessKey: primaryEnv.AWS_SECRET_ACCESS_KEY ?? '',
  };
  const client = (endpoint: string | undefined) =>
    new S3Client({ region: primaryEnv.AWS_REGION, endpoint, forcePathStyle: true, credentials });
  const from = client(primaryEnv.S3_ENDPOINT);
  const to = client(backupEnv.S3_ENDPOINT);
  const chains = new Map<string, Promise<void>>();
  let copied = 0;
  let pending = 0;
  let failed = 0;
  const copy = async (key: string): Promise<void> => {
    for (let attempt = 0; ; attempt++) {
      try {
        const object = await from.send(new GetObjectCommand({ Bucket: LOCAL_BUCKET, Key: key }));
        const body = await object.Body?.transformToByteArray();
        await to.send(
          new PutObjectCommand({
            Bucket: LOCAL_BACKUP_BUCKET,
            Key: key,
            Body: body ?? new Uint8Array(),
            ContentType: object.ContentType,
            ContentDisposition: object.ContentDisposition,
            CacheControl: object.CacheControl,
            Metadata: object.Metadata,
          }),
        );
        copied++;
        return;
      } catch (error) {
        // Gone since (a released object): nothing to copy. Else S3 replication retries too.
        if ((error as { name?: string }).name === 'NoSuchKey') return;
        if (attempt >= 5) {
          failed++;
          console.error(`local back-up: could not copy ${key} to the back-up's bucket`, error);
          return;
        }
        await new Promise((wake) => setTimeout(wake, 100 * 2 ** attempt));
      }
    }
  };
  const onEvent = (event: unknown) => {
    for (const record of (event as { Records?: S3EventRecord[] }).Records ?? []) {
      const key = record.s3?.object?.key;
      if (!record.eventName?.startsWith('ObjectCreated:') || record.s3?.bucket?.name !== LOCAL_BUCKET || !key) continue;
      pending++;
      const next = (chains.get(key) ?? Promise.resolve()).then(() => copy(key)).finally(() => pending--);
      chains.set(key, next);
      void next.finally(() => {
        if (chains.get(key) === next) chains.delete(key);
      });
    }
  };
  s3Events.on('event', onEvent);
  return {
    counts: () => ({ copied, pending, failed }),
    stop: async () => {
      s3Events.off('event', onEvent);
      await Promise.allSettled([...chains.values()]);
      from.destroy();
      to.destroy();
    },
  };
}
