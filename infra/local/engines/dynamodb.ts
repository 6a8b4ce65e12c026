/**
 * Amazon DynamoDB Local, the real engine (a Java program), as a child process.
 *
 * The jar ships inside the npm package amplify-dynamodb-simulator; installing that package
 * would pull ~350 MB of dependencies, so only its tarball is fetched (`npm pack`, through
 * npm's cache), checked against a pinned integrity, and its `emulator/` folder extracted to
 * node_modules/.cache/ (so `npm ci` wipes it along with everything else it fetched).
 */

import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { killWithThisProcess, stopProcess } from './child-process';
import { freePort, isPortFree, type LocalEngine, localEndpoint, once } from './ports';
import { START_LIMITS, type StartLimits, waitWhileProgressing } from './start-wait';

/** The package whose tarball carries DynamoDB Local 1.25.1, pinned by version and integrity. */
const SIMULATOR = {
  name: 'amplify-dynamodb-simulator',
  version: '2.9.30',
  integrity: 'sha512-xTeeRLvzEfqyd5lh3bH4c0kHvSHHmmhD5ZDsHFKAQ5g2Zl6JqlFdutaQhCLHzxEp6Ry1o7TB6niIoXuQAnSewQ==',
} as const;

/** This file is infra/local/engines/dynamodb.ts: the project root is three levels up, whatever the cwd. */
const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CACHE_ROOT = join(PROJECT_ROOT, 'node_modules', '.cache', 'dynamodb-local');

/** Where DynamoDBLocal.jar and DynamoDBLocal_lib/ end up. */
export const DYNAMODB_LOCAL_DIR = join(CACHE_ROOT, SIMULATOR.version);

/** What clients of the local engine use. With -sharedDb any key and region would do; these are the convention. */
export const DYNAMODB_LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;
export const DYNAMODB_LOCAL_REGION = 'eu-central-1';

const JAVA_INSTALL_HINT =
  'DynamoDB Local needs a Java runtime on PATH. Install one: ' +
  'Debian/Ubuntu: `sudo apt-get install -y openjdk-17-jre-headless`; macOS: `brew install openjdk`.';

export interface DynamoDbOptions {
  /** 0 or undefined: a random free port. */
  port?: number;
  /** Keep tables in this directory (created if missing). Default: in memory, gone on stop. */
  dbPath?: string;
  /**
   * How long to wait for the first answer (start-wait.ts): while the JVM is alive and uses CPU,
   * up to `maxMs`. It needs ~2 s of CPU alone; on a busy machine, minutes of wall time.
   */
  startLimits?: StartLimits;
  /** Told while a slow start goes on (default: stderr). */
  notice?: (message: string) => void;
}

export async function startDynamoDb(options: DynamoDbOptions = {}): Promise<LocalEngine> {
  const emulatorDir = await ensureDynamoDbLocal();
  const dbPath = options.dbPath === undefined ? undefined : resolve(options.dbPath);
  if (dbPath) await mkdir(dbPath, { recursive: true });
  const launch = (port: number): Promise<LocalEngine> =>
    launchDynamoDb({
      emulatorDir,
      port,
      dbPath,
      limits: options.startLimits ?? START_LIMITS,
      notice: options.notice,
    });

  if (options.port) return launch(options.port);
  // A random port can be taken between picking and binding it: pick another and try again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await launch(await freePort(ALL_INTERFACES));
    } catch (error) {
      if (!(error instanceof PortInUseError) || attempt === 3) throw error;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Fetching the jar

let installing: Promise<string> | undefined;

/** Makes sure DynamoDBLocal.jar is in the cache and returns its folder. Fetches at most once. */
export function ensureDynamoDbLocal(): Promise<string> {
  if (existsSync(join(DYNAMODB_LOCAL_DIR, 'DynamoDBLocal.jar'))) return Promise.resolve(DYNAMODB_LOCAL_DIR);
  installing ??= install().finally(() => {
    installing = undefined;
  });
  return installing;
}

async function install(): Promise<string> {
  await mkdir(CACHE_ROOT, { recursive: true });
  // A private work dir next to the target, so the final rename is atomic and another process
  // doing the same at the same time never sees a half-extracted folder.
  const work = await mkdtemp(join(CACHE_ROOT, '.install-'));
  try {
    const tarball = await npmPack(work);
    await verifyIntegrity(tarball, `${SIMULATOR.name}@${SIMULATOR.version}`, SIMULATOR.integrity);
    await run('tar', ['-xzf', tarball, '-C', work, 'package/emulator']);
    await rm(tarball);
    await publish(join(work, 'package', 'emulator'), DYNAMODB_LOCAL_DIR);
    return DYNAMODB_LOCAL_DIR;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** `npm pack` downloads (or takes from npm's cache) the tarball without installing anything. */
async function npmPack(destination: string): Promise<string> {
  const spec = `${SIMULATOR.name}@${SIMULATOR.version}`;
  // cwd = project root, so the project's .npmrc (registry, proxy) applies.
  const stdout = await run('npm', ['pack', spec, '--pack-destination', destination, '--json'], PROJECT_ROOT);
  const [packed] = JSON.parse(stdout) as Array<{ filename: string }>;
  if (!packed) throw new Error(`npm pack ${spec} reported no tarball: ${stdout.slice(0, 500)}`);
  return join(destination, packed.filename);
}

/** Refuses a tarball whose sha512 is not the pinned one (npm checks the registry's; we check ours). */
async function verifyIntegrity(file: string, label: string, expected: string): Promise<void> {
  const hash = createHash('sha512');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  const actual = `sha512-${hash.digest('base64')}`;
  if (actual !== expected) {
    throw new Error(`${label} tarball: integrity ${actual} is not the pinned ${expected}; refusing to use it`);
  }
}

/** Moves the extracted folder into place; losing the race to another process is fine. */
async function publish(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if (existsSync(join(to, 'DynamoDBLocal.jar'))) return;
    throw error;
  }
}

async function run(command: string, args: string[], cwd?: string): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(command, args, { cwd, maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed: ${stderr?.trim() || String(error)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Running the JVM

/** DynamoDB Local has no bind-address option: it always listens on all interfaces. */
const ALL_INTERFACES = '0.0.0.0';

class PortInUseError extends Error {}

interface LaunchPlan {
  emulatorDir: string;
  port: number;
  dbPath: string | undefined;
  limits: StartLimits;
  notice: ((message: string) => void) | undefined;
}

async function launchDynamoDb(plan: LaunchPlan): Promise<LocalEngine> {
  // Checked first because, on a taken port, DynamoDB Local does not exit: it hangs after
  // printing a BindException, and the readiness poll would be answered by whoever holds the port.
  if (!(await isPortFree(plan.port, ALL_INTERFACES))) {
    throw new PortInUseError(
      `DynamoDB Local: port ${plan.port} is already in use (another DynamoDB Local still running?)`,
    );
  }
  const java = await spawnJava(plan);
  const output = captureOutput(java);
  const stop = once(() => stopProcess(java));
  const endpoint = localEndpoint(plan.port);
  try {
    await waitUntilReady(endpoint, java, output, plan);
  } catch (error) {
    await stop();
    throw error;
  }
  return { endpoint, stop };
}

async function spawnJava(plan: LaunchPlan): Promise<ChildProcess> {
  const args = [
    // Start-up is most of the cost locally: the C1 compiler alone and the serial GC cut ~25 %
    // of it on a 2-core machine, and local data volumes never need C2's peak speed.
    '-XX:TieredStopAtLevel=1',
    '-XX:+UseSerialGC',
    `-Djava.library.path=${join(plan.emulatorDir, 'DynamoDBLocal_lib')}`,
    '-jar',
    'DynamoDBLocal.jar',
    '-port',
    String(plan.port),
    // One database whatever the credentials/region of the caller: the local server, the tests
    // and a developer's CLI all see the same tables.
    '-sharedDb',
    // It would otherwise try to phone home (there is no network to reach here anyway).
    '-disableTelemetry',
    ...(plan.dbPath ? ['-dbPath', plan.dbPath] : ['-inMemory']),
  ];
  const java = spawn('java', args, { cwd: plan.emulatorDir, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolveSpawn, rejectSpawn) => {
    java.once('spawn', resolveSpawn);
    java.once('error', (error: NodeJS.ErrnoException) =>
      rejectSpawn(error.code === 'ENOENT' ? new Error(`java not found. ${JAVA_INSTALL_HINT}`) : error),
    );
  });
  killWithThisProcess(java, 'dynamodb-local-watchdog');
  return java;
}

/** The last lines java printed, for error messages; also drains the pipes so java never blocks. */
interface OutputTail {
  text(): string;
  /** Characters printed in all. */
  printed(): number;
  bindFailed: boolean;
}

function captureOutput(java: ChildProcess): OutputTail {
  const lines: string[] = [];
  let printed = 0;
  const tail: OutputTail = { text: () => lines.join('\n'), printed: () => printed, bindFailed: false };
  const collect = (chunk: Buffer): void => {
    printed += chunk.length;
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      if (/BindException|Failed to bind/.test(line)) tail.bindFailed = true;
      lines.push(line);
      if (lines.length > 25) lines.shift();
    }
  };
  java.stdout?.on('data', collect);
  java.stderr?.on('data', collect);
  return tail;
}

/**
 * Polls ListTables until DynamoDB Local answers, while the JVM is alive and progressing
 * (start-wait.ts); fails at once if it could not bind its port.
 */
async function waitUntilReady(
  endpoint: string,
  java: ChildProcess,
  output: OutputTail,
  plan: LaunchPlan,
): Promise<void> {
  const client = new DynamoDBClient({
    endpoint,
    region: DYNAMODB_LOCAL_REGION,
    credentials: DYNAMODB_LOCAL_CREDENTIALS,
    maxAttempts: 1,
    requestHandler: { connectionTimeout: 1_000, requestTimeout: 2_000 },
  });
  try {
    await waitWhileProgressing(
      {
        name: `DynamoDB Local on port ${plan.port}`,
        pid: java.pid,
        exited: () => java.exitCode ?? java.signalCode ?? undefined,
        output: output.text,
        printed: output.printed,
      },
      {
        limits: plan.limits,
        notice: plan.notice,
        ready: async () => {
          if (output.bindFailed) throw new PortInUseError(`DynamoDB Local: port ${plan.port} is already in use`);
          return (await answers(client)) ? true : undefined;
        },
      },
    );
  } finally {
    client.destroy();
  }
}

async function answers(client: DynamoDBClient): Promise<boolean> {
  try {
    await client.send(new ListTablesCommand({ Limit: 1 }));
    return true;
  } catch {
    return false;
  }
}
