import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../../lib/limits';
import { fixtureReader } from '../../../../scripts/admin/use-cases/fixtures';
import { samples } from '../../../support/unit/files';

/** A document's files: relative to its folder, inside it, and of the types an upload may have. */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'import-fixtures-'));
  await writeFile(join(dir, 'manual.pdf'), samples.pdf);
  await writeFile(join(dir, 'photo.png'), samples.png);
  await writeFile(join(dir, 'empty.pdf'), Buffer.alloc(0));
  await writeFile(join(dir, 'binary.bin'), Buffer.from([0, 1, 2, 3, 0xff]));
  await writeFile(join(dir, 'huge.txt'), Buffer.alloc(MAX_UPLOAD_BYTES + 1, 'a'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('fixtureReader', () => {
  it('reads a file of the document folder with its detected type and SHA-256', async () => {
    const fixture = await fixtureReader(dir).file('manual.pdf');
    expect(fixture).toMatchObject({ mimeType: 'application/pdf', bytes: samples.pdf });
    expect(fixture.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await fixtureReader(join(dir, 'sub', '..')).image('./photo.png')).toMatchObject({ mimeType: 'image/png' });
  });

  it.each([
    ['a file that does not exist', 'missing.pdf', /no such file/],
    ['a path outside the folder', '../manual.pdf', /outside the document's folder/],
    ['an absolute path', '/etc/hostname', /relative to the document's folder/],
    ['an empty file', 'empty.pdf', /is empty/],
    ['a type no upload may have', 'binary.bin', /not an allowed type/],
    ['a file over the upload limit', 'huge.txt', /larger than/],
  ])('refuses %s, saying why', async (_, path, reason) => {
    await expect(fixtureReader(dir).file(path)).rejects.toThrow(reason);
  });

  it('refuses a file that is no image as an image', async () => {
    await expect(fixtureReader(dir).image('manual.pdf')).rejects.toThrow(/application\/pdf: an image is PNG/);
  });
});
