import { existsSync, readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { type StackReady, stackStartLimits } from './local-stack';

/**
 * Runs before each integration file: waits until the local stack the global setup started is
 * ready (test/setup/local-stack.ts), then makes its addresses what `inject` gives the file:
 * `apiUrl`, `localEnv`, `sesStoreUrl`, `evmRpcUrl`. The global setup cannot provide them
 * itself without holding back the unit files until the stack is up.
 */
/** The global setup writes the file, ready or failed, within its own wait; this is only a guard against a lost setup. */
const READY_TIMEOUT_MS = stackStartLimits().maxMs + 60_000;

const file = inject('localStackReadyFile');
const deadline = Date.now() + READY_TIMEOUT_MS;
while (!existsSync(file)) {
  if (Date.now() > deadline) {
    throw new Error(
      `the global setup (test/setup/local-stack.ts) wrote neither the local stack's addresses nor why it failed to ${file} within ${READY_TIMEOUT_MS / 1000} s`,
    );
  }
  await new Promise((wake) => setTimeout(wake, 100));
}
const ready = JSON.parse(readFileSync(file, 'utf8')) as StackReady;
if ('error' in ready) throw new Error(ready.error);

// `inject` reads the worker's copy of the provided values (Vitest keeps it on this global).
const worker = (globalThis as { __vitest_worker__?: { providedContext?: Record<string, unknown> } }).__vitest_worker__;
if (!worker?.providedContext) throw new Error('Vitest keeps the provided values elsewhere now: update this file');
Object.assign(worker.providedContext, {
  apiUrl: ready.apiUrl,
  localEnv: ready.env,
  sesStoreUrl: ready.sesStoreUrl,
  evmRpcUrl: ready.evmRpcUrl,
  storedAt: ready.stored,
});
if (inject('apiUrl') !== ready.apiUrl) throw new Error('inject does not see the stack’s addresses: update this file');
