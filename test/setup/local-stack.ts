import { type ChildProcess, spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { TestProject } from 'vitest/node';
import {
  START_TIMEOUT_ENV,
  START_TIMEOUT_HINT,
  type StartLimits,
  startLimits,
  waitWhileProgressing,
} from '../../infra/local/engines/start-wait';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    localEnv: Record<string, string>;
    sesStoreUrl: string;
    /** JSON-RPC URL of the local EVM chain (anvil, chain id 31337). */
    evmRpcUrl: string;
    /** DynamoDB Local's own endpoint and the S3 engine's directory: the stored state, read without the IAM check. */
    storedAt: { dynamodbEndpoint: string; s3Directory: string };
    /** Where the global setup writes the stack's addresses once it is ready (test/setup/local-stack-ready.ts). */
    localStackReadyFile: string;
  }
}

/** Where the last integration run's record of IAM-evaluated calls is kept (infra/local/iam). */
export const TEST_RUN_DIR = '.local/test-run';

/** What `start.ts --ready-json` prints once the stack is ready, or why it never was. */
export type StackReady = Ready | { error: string };

/**
 * How long a test waits for a stack process (`npm start`) to get ready: while it is alive and
 * progressing (its CPU, or the steps and notices it prints), up to DPP_START_TIMEOUT (the
 * engines' own limit, which the child reads too) plus 3 minutes for the rest of its start
 * (synth, bundles, seed). A child that stops progressing is given up on after a minute.
 */
export function stackStartLimits(): StartLimits {
  const engines = startLimits(process.env[START_TIMEOUT_ENV], START_TIMEOUT_ENV);
  return { ...engines, maxMs: engines.maxMs + 180_000 };
}

/**
 * Starts the local stack exactly as `npm start` does (random ports, a throwaway key and
 * data directory) in a child process, and stops it after the run. It does not wait for the
 * stack: Vitest runs every project's global setup before any file, and the unit files need
 * no stack. Each integration file waits for it instead (test/setup/local-stack-ready.ts),
 * reading the ready line this writes to `localStackReadyFile`.
 */
export default async function setup(project: TestProject) {
  // Both integration projects (shared modules and isolated) name this setup: one stack for both,
  // stopped after the last of them.
  const shared = globalThis as { __dppLocalStack?: { started: Promise<RunningStack>; users: number } };
  shared.__dppLocalStack ??= { started: startStack(), users: 0 };
  const running = shared.__dppLocalStack;
  running.users += 1;
  const { readyFile, stop: stopStack } = await running.started;
  project.provide('localStackReadyFile', readyFile);
  return async () => {
    running.users -= 1;
    if (running.users === 0) {
      shared.__dppLocalStack = undefined;
      await stopStack();
    }
  };
}

interface RunningStack {
  readyFile: string;
  stop: () => Promise<void>;
}

async function startStack(): Promise<RunningStack> {
  const dir = await mkdtemp(join(tmpdir(), 'dpp-test-'));
  const readyFile = join(dir, 'ready.json');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'infra/local/start.ts', '--port', '0', '--dir', dir, '--ready-json', '--log-level', 'SILENT'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const stderr: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const written = readyLine(child, stderr).then(
    (ready) => writeWhole(readyFile, ready),
    (error: Error) => writeWhole(readyFile, { error: error.message }),
  );
  return {
    readyFile,
    stop: async () => {
      await written;
      await stop(child);
      // The run's IAM record outlives the run: `npm run least-privilege -- .local/test-run/iam-calls.jsonl`.
      await mkdir(TEST_RUN_DIR, { recursive: true });
      await copyFile(join(dir, 'iam-calls.jsonl'), join(TEST_RUN_DIR, 'iam-calls.jsonl')).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The JSON line `start.ts --ready-json` prints. */
type Ready = {
  apiUrl: string;
  env: Record<string, string>;
  sesStoreUrl: string;
  evmRpcUrl: string;
  /** Where the engines keep the stored state, behind the IAM check (infra/local/stack.ts, `stored`). */
  stored: { dynamodbEndpoint: string; s3Directory: string };
};

/** Written under another name, then renamed: a reader never sees half of it. */
async function writeWhole(file: string, content: StackReady): Promise<void> {
  await writeFile(`${file}.part`, JSON.stringify(content));
  await rename(`${file}.part`, file);
}

/** The ready line, waited for while the child is alive and progressing (stackStartLimits); every failure says why. */
async function readyLine(child: ChildProcess, stderr: string[]): Promise<Ready> {
  let ready: Ready | undefined;
  let exit: string | undefined;
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line.startsWith('{')) ready = JSON.parse(line) as Ready;
  });
  child.once('exit', (code, signal) => {
    exit = String(code ?? signal);
  });
  return waitWhileProgressing(
    {
      name: 'the local stack for the integration tests (npm start --ready-json)',
      pid: child.pid,
      exited: () => (ready === undefined ? exit : undefined),
      output: () => stderr.join(''),
    },
    {
      limits: stackStartLimits(),
      // Where a slow start shows while the suite runs.
      notice: (message) => console.warn(message),
      ready: async () => ready,
    },
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n(${START_TIMEOUT_HINT})`);
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
