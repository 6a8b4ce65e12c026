/**
 * Stacks besides the integration stack, and the admin CLI run against one:
 * - `startTableStack`: an empty table and bucket of its own on the integration stack's engines,
 *   behind an API process of its own (test/support/table-stack.ts). What a test that needs an
 *   empty table uses: it costs a Node process, not a set of engines.
 * - `startStackProcess`: `npm start` itself (infra/local/start.ts) from nothing, engines and
 *   all, in a process of its own: for the one test that starts from a truly empty process.
 * - `sharedStackDir`: the integration stack as the CLI finds a local stack (its stack file).
 * Each is ready once it has written `<dir>/stack.json` and its API answers.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { START_TIMEOUT_HINT, waitWhileProgressing } from '../../infra/local/engines/start-wait';
import { type StackFile, writeStackFile } from '../../infra/local/stack-file';
import { stackStartLimits } from '../setup/local-stack';

export interface StackProcess {
  apiUrl: string;
  /** The stack's directory (its keys and stack.json): what `runAdmin` passes as `--local-dir`. */
  dir: string;
  stop(): Promise<void>;
}

/** Starts `npm start -- --empty --port 0 --dir <tmp>` (`empty: false`: with the demo seed). */
export async function startStackProcess(options: { empty?: boolean } = {}): Promise<StackProcess> {
  const dir = await mkdtemp(join(tmpdir(), 'dpp-stack-'));
  const child = spawn(
    process.execPath,
    [
      '--no-warnings',
      '--import',
      'tsx',
      'infra/local/start.ts',
      ...(options.empty === false ? [] : ['--empty']),
      '--port',
      '0',
      '--dir',
      dir,
      '--log-level',
      'SILENT',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return readyOrStopped(child, dir);
}

/**
 * An empty table and bucket, fresh names on the running engines of `env` (the integration
 * stack's handler environment), served by an API process of its own on a random port. No
 * stream or KYB worker runs on it: the tests that use one write no notarization or pending check.
 */
export async function startTableStack(env: Record<string, string>): Promise<StackProcess> {
  const dir = await mkdtemp(join(tmpdir(), 'dpp-table-'));
  const name = `dpp-test-${randomBytes(6).toString('hex')}`;
  const child = spawn(process.execPath, ['--no-warnings', '--import', 'tsx', 'test/support/table-stack.ts', dir], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env, TABLE_NAME: name, BUCKET_NAME: name },
  });
  return readyOrStopped(child, dir);
}

/** A directory whose stack file names the integration stack (`apiUrl`, `env`), for `runAdmin`; removed by `stop`. */
export async function sharedStackDir(apiUrl: string, env: Record<string, string>): Promise<StackProcess> {
  const dir = await mkdtemp(join(tmpdir(), 'dpp-shared-'));
  await writeStackFile(dir, apiUrl, env);
  return { apiUrl, dir, stop: () => rm(dir, { recursive: true, force: true }) };
}

async function readyOrStopped(child: ChildProcess, dir: string): Promise<StackProcess> {
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const stop = async () => {
    await stopChild(child);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const apiUrl = await ready(child, dir, stderr);
    return { apiUrl, dir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function ready(child: ChildProcess, dir: string, stderr: string[]): Promise<string> {
  return stackFileReady(child, join(dir, 'stack.json'), () => stderr.join(''), 'a local stack process');
}

/**
 * The API address of a stack process once it has written its stack file and its API answers
 * `path`: waited for while the process is alive and progressing (test/setup/local-stack.ts,
 * stackStartLimits), up to DPP_START_TIMEOUT and 3 minutes; every failure says why, with its
 * stderr (the steps it got through, with `--ready-json`, and its notices).
 */
export async function stackFileReady(
  child: ChildProcess,
  file: string,
  stderr: () => string,
  name: string,
  path = '/',
): Promise<string> {
  return waitWhileProgressing(
    {
      name,
      pid: child.pid,
      exited: () => child.exitCode ?? child.signalCode ?? undefined,
      output: stderr,
    },
    {
      limits: stackStartLimits(),
      notice: (message) => console.warn(message),
      ready: async () => {
        if (!existsSync(file)) return undefined;
        const { apiUrl } = JSON.parse(await readFile(file, 'utf8')) as StackFile;
        return (await fetch(`${apiUrl}${path}`).then(
          (response) => path === '/' || response.ok,
          () => false,
        ))
          ? apiUrl
          : undefined;
      },
    },
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n(${START_TIMEOUT_HINT})`);
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export interface AdminRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run admin -- --local-dir <dir> <args…>` in this process: the CLI's own command line
 * (scripts/admin/cli.ts), with what it prints collected and its exit code. What runAdmin does,
 * without starting Node and compiling the CLI again for every command (about 2 s of CPU each);
 * the tests of the process itself (its streams, its exit status) use runAdmin. Only for the
 * stack whose settings this process has (the integration stack's, sharedStackDir): lib/config.ts
 * reads them once, so a second stack's would not be read (such tests use runAdmin).
 */
export async function runAdminHere(dir: string, args: string[]): Promise<AdminRun> {
  const { main } = await import('../../scripts/admin/cli');
  let stdout = '';
  let stderr = '';
  const code = await main(['--local-dir', dir, ...args], {
    out: (line) => {
      stdout += `${line}\n`;
    },
    err: (line) => {
      stderr += `${line}\n`;
    },
    isTTY: false,
  });
  return { code, stdout, stderr };
}

/** `npm run admin -- --local-dir <dir> <args…>`, in its own process. */
export function runAdmin(dir: string, args: string[]): Promise<AdminRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--no-warnings', '--import', 'tsx', 'scripts/admin.ts', '--local-dir', dir, ...args],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
