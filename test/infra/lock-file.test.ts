import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { heldByThisProcess, releaseLock, takeLock } from '../../infra/lock-file';

/** The lock file the bundles' and the template's caches take turns with (infra/lock-file.ts). */
const dirs: string[] = [];
const lockIn = () => {
  const dir = mkdtempSync(join(tmpdir(), 'dpp-lock-'));
  dirs.push(dir);
  return join(dir, 'x.lock');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A pid no process has: one that has just exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;

describe('takeLock', () => {
  it('takes a free lock with this process’s pid, and refuses it while this (live) process holds it', () => {
    const lock = lockIn();
    expect(takeLock(lock)).toBe(true);
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    expect(heldByThisProcess(lock)).toBe(true);
    expect(takeLock(lock)).toBe(false);
    releaseLock(lock);
    expect(existsSync(lock)).toBe(false);
    expect(heldByThisProcess(lock)).toBe(false);
  });

  it('takes over a lock whose holder died', () => {
    const lock = lockIn();
    writeFileSync(lock, String(deadPid()));
    expect(takeLock(lock)).toBe(true);
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
  });

  it('takes over a lock left empty for long (its holder died making it), but not a fresh empty one', () => {
    const lock = lockIn();
    writeFileSync(lock, '');
    expect(takeLock(lock)).toBe(false);
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    expect(takeLock(lock)).toBe(true);
  });
});
