/**
 * A local stack of its own, in a separate process, for tests that must start from nothing (an
 * empty table: no demo seed), and the admin CLI run against it. The stack is `npm start` itself
 * (infra/local/start.ts) on random ports with a throwaway directory; it is ready once it has
 * written `<dir>/stack.json` and its API answers.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StackFile } from '../../infra/local/stack-file';

export interface StackProcess {
  apiUrl: string;
  /** The stack's directory (its keys and stack.json): what `runAdmin` passes as `--local-dir`. */
  dir: string;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 90_000;

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
  const file = join(dir, 'stack.json');
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`local stack exited with ${child.exitCode}:\n${stderr.join('')}`);
    if (existsSync(file)) {
      const { apiUrl } = JSON.parse(await readFile(file, 'utf8')) as StackFile;
      const answers = await fetch(`${apiUrl}/`).then(
        () => true,
        () => false,
      );
      if (answers) return apiUrl;
    }
    await new Promise((wake) => setTimeout(wake, 100));
  }
  throw new Error(`local stack not ready after ${READY_TIMEOUT_MS / 1000} s:\n${stderr.join('')}`);
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
