import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedTemplate } from '../../../../infra/local/runtime/template-cache';

/**
 * The synthesized template's cache (infra/local/runtime/template-cache.ts): processes that want
 * the same template take turns under a lock file (infra/lock-file.ts, tested there).
 */
const dirs: string[] = [];
const where = () => {
  const dir = mkdtempSync(join(tmpdir(), 'dpp-template-cache-'));
  dirs.push(dir);
  return { dir, key: 'k' };
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A pid no process has: one that has just exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;

describe('cachedTemplate', () => {
  it('synthesizes once, then answers the kept template without synthesizing', () => {
    const at = where();
    let synths = 0;
    const synth = () => {
      synths += 1;
      return { Resources: { A: { Type: 'T' } } };
    };
    expect(cachedTemplate(synth, at)).toEqual({ Resources: { A: { Type: 'T' } } });
    expect(cachedTemplate(synth, at)).toEqual({ Resources: { A: { Type: 'T' } } });
    expect(synths).toBe(1);
  });

  it('takes over a lock whose holder died, and removes its lock when done', () => {
    const at = where();
    writeFileSync(join(at.dir, 'k.json.lock'), String(deadPid()));
    expect(cachedTemplate(() => ({ made: 'here' }), at)).toEqual({ made: 'here' });
    expect(existsSync(join(at.dir, 'k.json.lock'))).toBe(false);
  });

  it("waits for a live holder's template instead of synthesizing it again", () => {
    const at = where();
    // This process holds the lock (it is alive); another writes the template a moment later.
    writeFileSync(join(at.dir, 'k.json.lock'), String(process.pid));
    const template = join(at.dir, 'k.json');
    const writer = spawn(process.execPath, [
      '-e',
      `setTimeout(() => require('node:fs').writeFileSync(${JSON.stringify(template)}, '{"made":"there"}'), 300)`,
    ]);
    expect(cachedTemplate(() => ({ made: 'here' }), at)).toEqual({ made: 'there' });
    writer.kill();
  });
});
