/**
 * A lock file that processes sharing a cache take turns with: created exclusively, holding the
 * holder's pid, removed when its work is done. A lock whose process is gone is taken over, and so
 * is one left empty for UNWRITTEN_MS (a holder that died between creating it and writing its pid),
 * so no later process waits for good. Used by the function bundles (infra/bundles.ts) and the
 * synthesized template (infra/local/runtime/template-cache.ts).
 */
import { closeSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';

/** How long a lock may stay without a pid before it counts as left by a holder that died making it. */
const UNWRITTEN_MS = 10_000;

function holderOf(lock: string): number {
  try {
    return Number(readFileSync(lock, 'utf8'));
  } catch {
    return 0; // removed meanwhile
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the lock's holder is gone: its process ended, or it never wrote its pid. */
function abandoned(lock: string): boolean {
  const holder = holderOf(lock);
  if (Number.isInteger(holder) && holder > 0) return !alive(holder);
  try {
    return Date.now() - statSync(lock).mtimeMs > UNWRITTEN_MS;
  } catch {
    return false; // removed meanwhile: the next try takes it
  }
}

/** Takes the lock; false while another live process holds it (an abandoned lock is taken over). */
export function takeLock(lock: string): boolean {
  try {
    const file = openSync(lock, 'wx');
    writeFileSync(file, String(process.pid));
    closeSync(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (!abandoned(lock)) return false;
    rmSync(lock, { force: true });
    return takeLock(lock);
  }
}

export const releaseLock = (lock: string) => rmSync(lock, { force: true });

/** Whether this process holds the lock (another of its threads, or an asynchronous step of its own). */
export const heldByThisProcess = (lock: string) => holderOf(lock) === process.pid;
