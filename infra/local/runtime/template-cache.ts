/**
 * The synthesized template a local stack reads its functions' roles and settings from, kept
 * under node_modules/.cache/dpp-local/templates and used again while no file it can depend on
 * changed: every file under infra/ (but infra/local/) and lib/, cdk.json and package-lock.json
 * (the CDK's version), each by its size and time. A synth takes 2–3 s; the test suite starts
 * several stacks, and `npm start` is started again and again with the same code.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const REPO_ROOT = join(import.meta.dirname, '../../..');
const CACHE = join(REPO_ROOT, 'node_modules', '.cache', 'dpp-local', 'templates');

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path !== join(REPO_ROOT, 'infra', 'local')) yield* files(path);
    } else yield path;
  }
}

/** One hash of every input's path, size and time. */
export function templateInputsKey(): string {
  const hash = createHash('sha256');
  const inputs = [
    ...files(join(REPO_ROOT, 'infra')),
    ...files(join(REPO_ROOT, 'lib')),
    join(REPO_ROOT, 'cdk.json'),
    join(REPO_ROOT, 'package-lock.json'),
  ].sort();
  for (const file of inputs) {
    const info = statSync(file);
    hash.update(`${relative(REPO_ROOT, file)}\0${info.size}\0${info.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/** The cached template for these inputs, or `synth()`'s, then kept (written whole, then renamed). */
export function cachedTemplate<T>(synth: () => T): T {
  const file = join(CACHE, `${templateInputsKey()}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    const template = synth();
    mkdirSync(CACHE, { recursive: true });
    const part = `${file}.${process.pid}.part`;
    writeFileSync(part, JSON.stringify(template));
    renameSync(part, file);
    return template;
  }
}
