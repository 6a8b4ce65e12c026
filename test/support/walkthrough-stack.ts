/**
 * `npm start` on random ports in a throwaway directory, for the walk-through test: the stack a
 * reader starts, seeded with the demo data, reached only through its `<dir>/stack.json`.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { stackFileReady } from './stack-process';

export const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The settings lib/ reads (the unit setup sets dummies of them) and vitest's own: a reader's shell
 * has none of them. Everything else passes through, the network's settings (proxy, npm registry:
 * the first start fetches DynamoDB Local with npm) included.
 */
const NOT_A_READERS =
  /^(AWS_|JWT_|SES_|VIES_|STRIPE_|EVM_|TRANSLATE_|ANCHOR_|DYNAMODB_|S3_|VITEST|POWERTOOLS_)|^(TABLE_NAME|BUCKET_NAME|CURSOR_KEY|PUBLIC_BASE_URL|LOG_LEVEL|METRICS_OUTPUT|NODE_ENV|TEST)$/;

export function cleanEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !NOT_A_READERS.test(name)));
  return { ...env, ...extra };
}

/** The tools the walk-through uses besides node (README: prerequisites). */
const TOOLS = ['bash', 'curl', 'jq', 'sha256sum'];

const onPath = (tool: string) =>
  (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, tool), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });

/**
 * Every tool the walk-through calls, or an error naming the missing ones. As root with apt-get
 * (CI, these machines) the missing ones are installed once, saying so, as the Chromium of the
 * browser tests is (test/support/browser.ts).
 */
export async function ensureWalkthroughTools(): Promise<void> {
  let missing = TOOLS.filter((tool) => !onPath(tool));
  if (missing.length === 0) return;
  if (process.getuid?.() === 0 && onPath('apt-get')) {
    const packages = missing.map((tool) => (tool === 'sha256sum' ? 'coreutils' : tool));
    console.log(`The walk-through needs ${missing.join(', ')}: installing ${packages.join(' ')} with apt-get (once)…`);
    const run = promisify(execFile);
    const options = { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, maxBuffer: 64 * 1024 * 1024 };
    const wait = ['-o', 'DPkg::Lock::Timeout=300'];
    await run('apt-get', [...wait, 'update'], options);
    await run('apt-get', [...wait, 'install', '-y', '--no-install-recommends', ...packages], options);
    missing = TOOLS.filter((tool) => !onPath(tool));
  }
  if (missing.length > 0) {
    throw new Error(`docs/walkthrough.md needs ${missing.join(', ')}: install ${missing.join(' ')} and run again`);
  }
}

export interface WalkthroughStack {
  dir: string;
  /** `<dir>/stack.json`. */
  stackFile: string;
  apiUrl: string;
  /** What the stack printed on stderr so far (for a failure's message). */
  stderr(): string;
  stop(): Promise<void>;
}

export async function startWalkthroughStack(): Promise<WalkthroughStack> {
  const dir = await mkdtemp(join(tmpdir(), 'dpp-walkthrough-'));
  // Its own process group, so a stack that does not stop on SIGTERM is killed with its engines.
  const child = spawn(
    process.execPath,
    ['--no-warnings', '--import', 'tsx', 'infra/local/start.ts', '--port', '0', '--dir', dir, '--ready-json'],
    { cwd: ROOT, env: cleanEnvironment(), stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const stackFile = join(dir, 'stack.json');
  const stop = async () => {
    await stopGroup(child);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const apiUrl = await ready(child, stackFile, () => stderr);
    return { dir, stackFile, apiUrl, stderr: () => stderr, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Waited for while npm start is alive and progressing (the first start on a fresh clone also fetches DynamoDB Local, 57 MB). */
function ready(child: ChildProcess, file: string, stderr: () => string): Promise<string> {
  return stackFileReady(child, file, stderr, 'npm start (the walk-through’s stack)', '/health');
}

/** SIGTERM (npm start stops its engines and exits), then SIGKILL to the whole group after 10 s. */
function stopGroup(child: ChildProcess): Promise<void> {
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  if (child.exitCode !== null || child.signalCode !== null) {
    signalGroup('SIGKILL');
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const force = setTimeout(() => signalGroup('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      // Whatever it left behind in its group (an engine it could not stop).
      signalGroup('SIGKILL');
      resolve();
    });
    child.kill('SIGTERM');
  });
}
