import { join, resolve } from 'node:path';
import { ANCHOR_WORKER_FN, LOCAL_SWEEP_EVERY_MS } from '../../lib/anchoring/worker';
import { functionBundles } from '../bundles';
import { type LocalBackup, startLocalBackup } from './backup';
import { ensureTableAndBucket, localClients } from './bootstrap';
import { ensureCursorKey } from './cursor-key';
import { type EngineName, type Engines, type StartLimits, startEngines } from './engines';
import {
  LOCAL_BACKUP_DYNAMODB_PORT,
  LOCAL_BUCKET,
  LOCAL_TABLE,
  localEnvironment,
  localExplorerUrl,
} from './environment';
import { useFunctionRuntimes } from './handlers';
import { functionCredentials } from './iam/credentials';
import { guardEngines } from './iam/guard';
import { allFunctions, functionIdentities, type Template } from './iam/template';
import { startImportQueue } from './import-queue';
import { startKybRetryTimer } from './kyb-retry';
import { functionEnvironment } from './runtime/environment';
import { FunctionRuntimes } from './runtime/functions';
import { samEnv, sandboxTemplate } from './sam-env';
import { loadDemoData, seed } from './seed';
import { seedHistory } from './seed-history';
import { startApiServer } from './server';
import { ensureSigningKeys } from './signing-keys';
import { type LocalStreamWorker, startStreamWorker } from './stream-worker';

export const DEFAULT_PORTS: Record<EngineName | 'api', number> = {
  api: 3000,
  dynamodb: 8000,
  s3: 4569,
  ses: 8005,
  stripe: 12111,
  vies: 8089,
  translate: 8091,
  evm: 8545,
};

/** The back-up's own ports (`npm start -- --backup`), beside the primary's defaults. */
export const DEFAULT_BACKUP_PORTS = { api: 3001, dynamodb: LOCAL_BACKUP_DYNAMODB_PORT, s3: 4570 } as const;

/** Where, in the stack's dir, each IAM-evaluated call is recorded (infra/local/iam; npm run least-privilege reads it). */
export const IAM_RECORD = 'iam-calls.jsonl';

export interface LocalStackOptions {
  /** API port; 0 picks a free port for the API and every engine (tests). */
  port: number;
  /** Where the signing key (and, with `persist`, the data) lives. */
  dir: string;
  /** Keep tables and objects on disk in `<dir>/data` between runs. */
  persist?: boolean;
  /** Start the engines and seed, but serve no HTTP (npm run invoke). */
  serve?: boolean;
  /** Seed the demo data into a fresh table (default); false: an empty table (`npm start -- --empty`). */
  seed?: boolean;
  logLevel?: string;
  /**
   * Check every AWS call a function makes against its role in the synthesized template
   * (infra/local/iam; default on). Each evaluated call is appended to `<dir>/iam-calls.jsonl`.
   */
  enforceIam?: boolean;
  /**
   * `workers` (default): each function in its own worker thread, running its bundle with
   * exactly its own settings (infra/local/runtime); `in-process`: every handler module in this
   * process, with the stack's one environment.
   */
  functions?: 'workers' | 'in-process';
  /** How long to wait for the engines that are processes of their own (engines/start-wait.ts; `--start-timeout`). */
  startLimits?: StartLimits;
  /** Told each step of the start as it is done (`npm start --ready-json` prints them on stderr, so a start that is never ready says how far it got). */
  onStep?: (message: string) => void;
  /** Told every slow wait while it goes on (default: stderr). */
  notice?: (message: string) => void;
  /**
   * Also run the back-up copy (infra/local/backup.ts): its own engines and read-only API, the
   * replicator on this table's stream and the objects' copies, started before the seed.
   */
  backup?: boolean;
}

export interface LocalStack {
  apiUrl?: string;
  env: Record<string, string>;
  engines: Engines;
  seeded: boolean;
  /** How long the parts of the start took. */
  timings: LocalStackTimings;
  /**
   * Where the engines keep what the stack stores, behind the IAM check: DynamoDB Local's own
   * endpoint and the S3 engine's directory. For tests that read the stored state as it is (the
   * contract fuzz, after each write), without the cost of the checked path; the service never uses them.
   */
  stored: { dynamodbEndpoint: string; s3Directory: string };
  /** With `backup`: the back-up copy, which outlives stopPrimary. */
  backup?: LocalBackup;
  /**
   * Stops the primary: its API, workers and engines, and the replication from them; the back-up
   * (if any) keeps serving (the operator's account gone: docs/deploy.md, The back-up copy).
   */
  stopPrimary(): Promise<void>;
  stop(): Promise<void>;
}

export interface LocalStackTimings {
  enginesMs?: number;
  /** Every function's bundle (infra/bundles.ts), built beside the engines' start. */
  bundlesMs?: number;
  /** The template, synthesized in this process (its roles and settings). */
  synthMs?: number;
}

/**
 * Everything `npm start` runs: the engines, the handler environment (set on this process
 * before any handler loads), the table and bucket, the HTTP API, the stream worker that
 * anchors notarizations, and the demo data on a fresh table (unless `seed` is false).
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const dir = resolve(options.dir);
  const random = options.port === 0;
  const ports = random ? {} : DEFAULT_PORTS;
  const inWorkers = options.functions !== 'in-process';
  const timings: LocalStackTimings = {};
  const began = Date.now();
  const step = (message: string): void => options.onStep?.(`${((Date.now() - began) / 1000).toFixed(1)} s: ${message}`);
  const timed = async <T>(name: keyof LocalStackTimings, work: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    const result = await work();
    timings[name] = Date.now() - started;
    step(`${name === 'enginesMs' ? 'engines started' : 'function bundles ready'} (${timings[name]} ms)`);
    return result;
  };
  step('starting the engines, building the function bundles, synthesizing the template');
  const starting = Promise.all([
    timed('enginesMs', () =>
      startEngines({
        // With IAM enforced, the checked engines' own ports are free ones: their IAM proxies take the known ports.
        ports: options.enforceIam === false ? ports : { ...ports, dynamodb: 0, s3: 0, ses: 0, translate: 0 },
        dataDir: options.persist ? join(dir, 'data') : undefined,
        startLimits: options.startLimits,
        notice: options.notice,
      }),
    ),
    ensureSigningKeys(dir),
    ensureCursorKey(dir),
    inWorkers ? timed('bundlesMs', () => functionBundles(allFunctions())) : undefined,
  ]);
  // The template every function's role and settings are read from: synthesized here, once,
  // while the engines' processes boot.
  const synthStarted = Date.now();
  const template = inWorkers || options.enforceIam !== false ? (sandboxTemplate() as Template) : undefined;
  timings.synthMs = Date.now() - synthStarted;
  if (template) step(`template synthesized (${timings.synthMs} ms)`);
  const [rawEngines, keys, cursorKey, built] = await starting;
  const bundles = built?.bundles;
  let engines = rawEngines;
  let runtimes: FunctionRuntimes | undefined;
  if (template && options.enforceIam !== false) {
    engines = (await guardEngines(rawEngines, template, join(dir, IAM_RECORD), ports).catch(async (error: unknown) => {
      await rawEngines.stop().catch(() => undefined);
      throw error;
    })) as Engines;
  }
  let api: Awaited<ReturnType<typeof startApiServer>> | undefined;
  let worker: LocalStreamWorker | undefined;
  let backup: LocalBackup | undefined;
  try {
    const env: Record<string, string> = { ...localEnvironment(engines, keys, options.logLevel), CURSOR_KEY: cursorKey };
    Object.assign(process.env, env);
    const settings = template ? samEnv(template) : {};
    const identities = template ? functionIdentities(template) : new Map<string, { logicalId: string }>();
    const settingsOf = (fn: string) => settings[identities.get(fn)?.logicalId ?? ''] ?? {};
    if (bundles && template) {
      runtimes = new FunctionRuntimes({
        bundles,
        // The stack's environment as the function starts: an engine moved behind a proxy since (the fault tests) is seen.
        environmentOf: (fn) => functionEnvironment(fn, settingsOf(fn), { ...env, ...process.env }),
      });
      useFunctionRuntimes(runtimes);
    }
    const clients = localClients(env);
    const fresh = await ensureTableAndBucket(clients, LOCAL_TABLE, LOCAL_BUCKET);
    step(`table and bucket ${fresh ? 'created' : 'found'}`);
    // The API listens before the seed, so the settings that name its address are known to
    // everything the seed runs (notarizations are anchored by the stream worker meanwhile).
    api = options.serve === false ? undefined : await startApiServer(options.port);
    // Links the service writes (a version's uri) start with the API's own address (docs/spec/decisions.md,
    // Public links); handlers load on their first request, after this is set. An anchored
    // notarization's url points at the local server's explorer of the local chain.
    env.PUBLIC_BASE_URL = api?.url ?? `http://127.0.0.1:${options.port || DEFAULT_PORTS.api}`;
    env.EVM_EXPLORER_URL = localExplorerUrl(env.PUBLIC_BASE_URL);
    Object.assign(process.env, { PUBLIC_BASE_URL: env.PUBLIC_BASE_URL, EVM_EXPLORER_URL: env.EVM_EXPLORER_URL });
    // The anchor worker on the table's stream, as the event source mapping runs it in the cloud.
    worker = await startStreamWorker({
      env,
      tableName: LOCAL_TABLE,
      scheduleEveryMs: LOCAL_SWEEP_EVERY_MS,
      ...(options.enforceIam !== false ? { streamCredentials: functionCredentials(ANCHOR_WORKER_FN) } : {}),
    });
    step(`API ${api ? `listening on ${api.url}` : 'not served'}, stream worker started`);
    if (options.backup) {
      backup = await startLocalBackup({
        primaryEnv: env,
        ports: random
          ? {}
          : { api: DEFAULT_BACKUP_PORTS.api, dynamodb: DEFAULT_BACKUP_PORTS.dynamodb, s3: DEFAULT_BACKUP_PORTS.s3 },
        dataDir: options.persist ? join(dir, 'data', 'backup') : undefined,
        startLimits: options.startLimits,
        notice: options.notice,
        bundles,
        settingsOf,
        serve: options.serve !== false,
      });
      // The replicator's settings (LOCAL_SETTINGS: BACKUP_TABLE_NAME, BACKUP_DYNAMODB_ENDPOINT), before it first runs.
      Object.assign(env, backup.replicationSettings);
      Object.assign(process.env, backup.replicationSettings);
      await backup.startReplication();
      step(`back-up ${backup.apiUrl ? `listening on ${backup.apiUrl}` : 'not served'}, replication started`);
    }
    const seeded = fresh && options.seed !== false;
    if (seeded) {
      const demo = await loadDemoData();
      await seed(demo);
      step('demo data seeded; seeding its history (versions, a notarization anchored on the chain)');
      // Links, versions and a notarization through the use cases; returns once it is anchored.
      await seedHistory(clients, LOCAL_TABLE, demo);
      step('demo history seeded');
    }
    // The KYB retry worker on a short timer, as EventBridge Scheduler runs it in the cloud (not for npm run invoke).
    const kybRetry = options.serve === false ? undefined : startKybRetryTimer();
    // The import queue on the S3 engine's events, as S3, SQS and the event source mapping run it in the cloud.
    const imports = options.serve === false ? undefined : startImportQueue();
    let primaryStopped: Promise<void> | undefined;
    const stopPrimary = (): Promise<void> => {
      primaryStopped ??= (async () => {
        await backup?.stopReplication();
        await kybRetry?.stop();
        await imports?.stop();
        await worker?.stop();
        await api?.close();
        await runtimes?.stop();
        useFunctionRuntimes(undefined);
        await engines.stop();
      })();
      return primaryStopped;
    };
    return {
      apiUrl: api?.url,
      env,
      engines,
      seeded,
      timings,
      stored: { dynamodbEndpoint: rawEngines.dynamodb.endpoint, s3Directory: rawEngines.s3.directory },
      ...(backup && { backup }),
      stopPrimary,
      stop: async () => {
        await stopPrimary();
        await backup?.stop();
      },
    };
  } catch (error) {
    await backup?.stop().catch(() => undefined);
    await worker?.stop().catch(() => undefined);
    await api?.close().catch(() => undefined);
    await runtimes?.stop().catch(() => undefined);
    useFunctionRuntimes(undefined);
    await engines.stop().catch(() => undefined);
    throw error;
  }
}
