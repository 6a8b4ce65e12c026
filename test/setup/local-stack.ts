import { type ChildProcess, spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    localEnv: Record<string, string>;
    sesStoreUrl: string;
    /** JSON-RPC URL of the local EVM chain (anvil, chain id 31337). */
    evmRpcUrl: string;
    /** Where the global setup writes the stack's addresses once it is ready (test/setup/local-stack-ready.ts). */
    localStackReadyFile: string;
  }
}

/** Where the last integration run's record of IAM-evaluated calls is kept (infra/local/iam). */
export const TEST_RUN_DIR = '.local/test-run';

/** What `start.ts --ready-json` prints once the stack is ready, or why it never was. */
export type StackReady = Ready | { error: string };

/**
 * Starts the local stack exactly as `npm start` does (random ports, a throwaway key and
 * data directory) in a child process, and stops it after the run. It does not wait for the
 * stack: Vitest runs every project's global setup before any file, and the unit files need
 * no stack. Each integration file waits for it instead (test/setup/local-stack-ready.ts),
 * reading the ready line this writes to `localStackReadyFile`.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'dpp-test-'));
  const readyFile = join(dir, 'ready.json');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'infra/local/start.ts', '--port', '0', '--dir', dir, '--ready-json', '--log-level', 'SILENT'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const stderr: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  project.provide('localStackReadyFile', readyFile);
  const written = readyLine(child, stderr).then(
    (ready) => writeWhole(readyFile, ready),
    (error: Error) => writeWhole(readyFile, { error: error.message }),
  );

  return async () => {
    await written;
    await stop(child);
    // The run's IAM record outlives the run: `npm run least-privilege -- .local/test-run/iam-calls.jsonl`.
    await mkdir(TEST_RUN_DIR, { recursive: true });
    await copyFile(join(dir, 'iam-calls.jsonl'), join(TEST_RUN_DIR, 'iam-calls.jsonl')).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  };
}

/** The JSON line `start.ts --ready-json` prints. */
type Ready = { apiUrl: string; env: Record<string, string>; sesStoreUrl: string; evmRpcUrl: string };

/** Written under another name, then renamed: a reader never sees half of it. */
async function writeWhole(file: string, content: StackReady): Promise<void> {
  await writeFile(`${file}.part`, JSON.stringify(content));
  await rename(`${file}.part`, file);
}

function readyLine(child: ChildProcess, stderr: string[]) {
  return new Promise<Ready>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`local stack not ready after 90 s:\n${stderr.join('')}`)), 90_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      clearTimeout(timer);
      resolve(JSON.parse(line));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`local stack exited with ${code}:\n${stderr.join('')}`));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
