import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { type AllowedMimeType, detectFileType } from '../../../lib/files/file-type';
import { IMAGE_FORMATS } from '../../../lib/files/upload';
import { MAX_UPLOAD_BYTES } from '../../../lib/limits';

/** A file's bytes as an import document names them (`fixture`), checked as an upload is. */
export interface Fixture {
  bytes: Buffer;
  mimeType: AllowedMimeType;
  sha256: string;
}

/** Why a fixture cannot be imported: the reason for the record's error. */
export class FixtureProblem extends Error {
  override name = 'FixtureProblem';
}

/**
 * Reads the fixtures of one import: each path once (the demo names the same PDF many times).
 * A fixture is a path relative to the document's folder and stays inside it, so a document
 * and its files travel together (an export folder is one). Its bytes pass the checks of an
 * upload (docs/spec/decisions.md, Files): not empty, at most MAX_UPLOAD_BYTES, an allowed type from the
 * bytes, an image type for an image.
 */
export function fixtureReader(baseDir: string) {
  const root = resolve(baseDir);
  const cache = new Map<string, Promise<Fixture>>();

  const load = async (path: string): Promise<Fixture> => {
    if (isAbsolute(path) || path.includes('\\')) {
      throw new FixtureProblem(`${path} must be a path relative to the document's folder, with / between its parts`);
    }
    const full = resolve(root, path);
    const inside = relative(root, full);
    if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) {
      throw new FixtureProblem(`${path} is outside the document's folder`);
    }
    const info = await stat(full).catch(() => undefined);
    if (!info?.isFile()) throw new FixtureProblem(`${path}: no such file in ${root}`);
    if (info.size === 0) throw new FixtureProblem(`${path} is empty`);
    if (info.size > MAX_UPLOAD_BYTES) throw new FixtureProblem(`${path} is larger than ${MAX_UPLOAD_BYTES} bytes`);
    const bytes = await readFile(full);
    const mimeType = detectFileType(bytes);
    if (!mimeType) {
      throw new FixtureProblem(`${path} is not an allowed type: PDF, PNG, JPEG, WebP, GIF, plain text, CSV or JSON`);
    }
    return { bytes, mimeType, sha256: createHash('sha256').update(bytes).digest('hex') };
  };

  const read = (path: string): Promise<Fixture> => {
    let fixture = cache.get(path);
    if (!fixture) {
      fixture = load(path);
      cache.set(path, fixture);
    }
    return fixture;
  };

  return {
    file: read,
    async image(path: string): Promise<Fixture> {
      const fixture = await read(path);
      if (!IMAGE_FORMATS.types?.has(fixture.mimeType)) {
        throw new FixtureProblem(`${path} is ${fixture.mimeType}: an image is ${IMAGE_FORMATS.names}`);
      }
      return fixture;
    },
  };
}

export type FixtureReader = ReturnType<typeof fixtureReader>;
