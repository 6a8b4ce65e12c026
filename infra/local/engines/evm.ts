/**
 * A local EVM chain: anvil (Foundry), the real JSON-RPC node, as a child process. Its binary
 * comes from its npm platform package (`@foundry-rs/anvil-<os>-<arch>`), so no Rust toolchain
 * or download script is involved. Only linux-x64's is an (optional) dependency: the registry
 * this project installs from serves no other platform's, and a lock naming them fails `npm ci`. Chain id 31337, automine (one block per
 * transaction), the ten accounts of the well-known test mnemonic unlocked with 10 000 ETH each.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { killWithThisProcess, stopProcess } from './child-process';
import { LOCAL_HOST, type LocalEngine, localEndpoint, once } from './ports';
import { START_LIMITS, type StartLimits, waitWhileProgressing } from './start-wait';

export const EVM_CHAIN_ID = 31337;

/** Hardhat's and Foundry's default: its accounts are public knowledge, for local use only. */
export const EVM_TEST_MNEMONIC = 'test test test test test test test test test test test junk';

export interface EvmOptions {
  /** 0 or undefined: a random free port (anvil binds port 0 and reports the one it got). */
  port?: number;
  /** Keep the chain in `<dataDir>/chain.json` (written on stop, loaded on start). Default: in memory. */
  dataDir?: string;
  /** How long to wait for the first `eth_blockNumber` answer: while anvil is alive and progressing (start-wait.ts). */
  startLimits?: StartLimits;
  /** Told while a slow start goes on (default: stderr). */
  notice?: (message: string) => void;
}

/** Node's arch names → the suffix of Foundry's platform packages. */
const ARCH: Partial<Record<NodeJS.Architecture, string>> = { x64: 'amd64', arm64: 'arm64' };

/** The anvil executable inside this platform's npm package. */
export function anvilBinary(): string {
  const arch = ARCH[process.arch] ?? process.arch;
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${arch}`;
  let packageJson: string;
  try {
    packageJson = createRequire(import.meta.url).resolve(`${platformPackage}/package.json`);
  } catch {
    throw new Error(
      `anvil: the package ${platformPackage} is not installed, so there is no anvil binary for ` +
        `${process.platform}-${process.arch} (package.json names linux-x64's as an optional dependency; add this platform's)`,
    );
  }
  return join(dirname(packageJson), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
}

export async function startEvm(options: EvmOptions = {}): Promise<LocalEngine> {
  const args = [
    '--host',
    LOCAL_HOST,
    '--port',
    String(options.port ?? 0),
    '--chain-id',
    String(EVM_CHAIN_ID),
    '--mnemonic',
    EVM_TEST_MNEMONIC,
  ];
  if (options.dataDir !== undefined) {
    const dataDir = resolve(options.dataDir);
    await mkdir(dataDir, { recursive: true });
    args.push('--state', join(dataDir, 'chain.json'));
  }
  const anvil = spawn(anvilBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolveSpawn, rejectSpawn) => {
    anvil.once('spawn', resolveSpawn);
    anvil.once('error', rejectSpawn);
  });
  killWithThisProcess(anvil, 'anvil-watchdog');
  const stop = once(() => stopProcess(anvil));
  try {
    const endpoint = localEndpoint(await waitUntilReady(anvil, options.startLimits ?? START_LIMITS, options.notice));
    return { endpoint, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Reads the port from anvil's "Listening on 127.0.0.1:PORT", then polls `eth_blockNumber` until it
 * answers, while anvil is alive and progressing (start-wait.ts). Fails early, with anvil's
 * output, if anvil exits (e.g. a port in use).
 */
async function waitUntilReady(
  anvil: ChildProcess,
  limits: StartLimits,
  notice: ((message: string) => void) | undefined,
): Promise<number> {
  let stdout = '';
  let stderr = '';
  let printed = 0;
  let port: number | undefined;
  anvil.stdout?.on('data', (chunk: Buffer) => {
    printed += chunk.length;
    if (port !== undefined) return; // keeps draining the pipe so anvil never blocks on it
    stdout += chunk.toString('utf8');
    const listening = /Listening on [\d.]+:(\d+)/.exec(stdout);
    if (listening) port = Number(listening[1]);
  });
  anvil.stderr?.on('data', (chunk: Buffer) => {
    printed += chunk.length;
    stderr = (stderr + chunk.toString('utf8')).slice(-4_000);
  });
  return waitWhileProgressing(
    {
      name: 'anvil',
      pid: anvil.pid,
      exited: () => anvil.exitCode ?? anvil.signalCode ?? undefined,
      output: () => `stderr:\n${stderr.trim() || '(none)'}\nstdout:\n${stdout.trim().slice(-2_000)}`,
      printed: () => printed,
    },
    {
      limits,
      notice,
      pollMs: 50,
      ready: async () => (port !== undefined && (await answers(localEndpoint(port))) ? port : undefined),
    },
  );
}

async function answers(endpoint: string): Promise<boolean> {
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
      signal: AbortSignal.timeout(2_000),
    });
    const body = (await response.json()) as { result?: unknown };
    return typeof body.result === 'string';
  } catch {
    return false;
  }
}
