import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The local key of list cursors (CURSOR_KEY, lib/data/paging.ts): 32 random bytes, generated
 * on first start into `<dir>/cursor-key` and reused afterwards, so cursors survive a restart.
 * (In the cloud it is a Secrets Manager secret with a generated value.) Two processes
 * starting at once agree on one file (`wx` create).
 */
export async function ensureCursorKey(dir: string): Promise<string> {
  const file = join(dir, 'cursor-key');
  await mkdir(dir, { recursive: true });
  const fresh = randomBytes(32).toString('base64url');
  try {
    await writeFile(file, fresh, { flag: 'wx', mode: 0o600 });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFile(file, 'utf8');
  }
}
