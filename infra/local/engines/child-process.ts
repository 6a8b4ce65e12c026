/**
 * Engines that run as child processes (the DynamoDB Local JVM, anvil): never outlive this
 * process, and stop with SIGTERM first so they can flush what they keep on disk.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import type { Socket } from 'node:net';

/**
 * Nothing may outlive us. A process 'exit' handler covers normal exits and uncaught errors; a
 * watchdog covers the rest (SIGTERM/SIGKILL of Node, e.g. a test runner killing a worker),
 * where no JavaScript runs: it reads a pipe from this process and kills the child at EOF.
 * `watchdogName` is the watchdog's argv[0], so that `ps` shows whose it is.
 */
export function killWithThisProcess(child: ChildProcess, watchdogName: string): void {
  const killChild = (): void => void child.kill('SIGKILL');
  process.on('exit', killChild);
  const watchdog = startWatchdog(child, watchdogName);
  child.once('exit', () => {
    process.off('exit', killChild);
    watchdog?.kill('SIGKILL');
  });
}

function startWatchdog(child: ChildProcess, name: string): ChildProcess | undefined {
  if (process.platform === 'win32' || child.pid === undefined) return undefined;
  const script = 'while read -r _; do :; done; kill -9 "$1" 2>/dev/null';
  const watchdog = spawn('sh', ['-c', script, name, String(child.pid)], { stdio: ['pipe', 'ignore', 'ignore'] });
  // Neither the watchdog nor its pipe may keep Node's event loop alive.
  watchdog.unref();
  (watchdog.stdin as Socket | null)?.unref();
  watchdog.on('error', () => undefined);
  return watchdog;
}

/** SIGTERM (the child flushes and exits), SIGKILL if it takes too long; resolves on exit. */
export async function stopProcess(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  child.kill('SIGTERM');
  const escalation = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(escalation);
}
