import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readStackFile, stackFilePath, writeStackFile } from '../../../infra/local/stack-file';

/**
 * `<dir>/stack.json` is polled by its clients (the tests' stack processes, the walk-through, the
 * admin CLI) while `npm start` writes it: a read must see a whole document or none.
 */
const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('the stack file', () => {
  it('is never read half-written while it is written again and again, and leaves nothing else behind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'stack-file-'));
    dirs.push(dir);
    const engines = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`engine${i}`, `http://127.0.0.1:${i}`]));
    let writing = true;
    const writes = (async () => {
      for (let i = 0; i < 200; i++) await writeStackFile(dir, `http://127.0.0.1:${3000 + i}`, {}, engines);
      writing = false;
    })();
    let reads = 0;
    while (writing) {
      const text = await readFile(stackFilePath(dir), 'utf8').catch(() => undefined);
      if (text !== undefined) {
        expect(() => JSON.parse(text)).not.toThrow();
        reads++;
      }
    }
    await writes;
    expect(reads).toBeGreaterThan(0);
    expect((await readStackFile(dir))?.apiUrl).toBe('http://127.0.0.1:3199');
    expect(await readdir(dir)).toEqual(['stack.json']);
  });
});
