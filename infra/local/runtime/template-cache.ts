/**
 * The synthesized template a local stack reads its functions' roles and settings from, kept
 * under node_modules/.cache/dpp-local/templates and used again while no file it can depend on
 * changed: every file under infra/ (but infra/local/, except the two files that shape the local
 * synth: sam-env.ts and environment.ts) and lib/, cdk.json and package-lock.json (the CDK's
 * version), each by its size and time. A synth of the whole route table costs seconds of CPU;
 * a test run starts several stacks and reads the template in several test files, and `npm start`
 * is started again and again with the same code.
 *
 * Processes that want it at once take turns: the first holds a lock file while it synthesizes,
 * the others wait for its template (up to LOCK_WAIT_MS, and never for a holder that died), so a
 * fresh clone synthesizes it once, not once per process.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { releaseLock, takeLock } from '../../lock-file';

const REPO_ROOT = join(import.meta.dirname, '../../..');
const CACHE = join(REPO_ROOT, 'node_modules', '.cache', 'dpp-local', 'templates');
const LOCAL = join(REPO_ROOT, 'infra', 'local');
/** The files of infra/local/ the template depends on (the local synth's context). */
const LOCAL_INPUTS = [join(LOCAL, 'sam-env.ts'), join(LOCAL, 'environment.ts')];
/** How long a process waits for another's synth before it synthesizes on its own. */
const LOCK_WAIT_MS = 180_000;
const POLL_MS = 100;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path !== LOCAL) yield* files(path);
    } else yield path;
  }
}

/** One hash of every input's path, size and time. */
export function templateInputsKey(): string {
  const hash = createHash('sha256');
  const inputs = [
    ...files(join(REPO_ROOT, 'infra')),
    ...LOCAL_INPUTS,
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

function read<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * The cached template for these inputs, or `synth()`'s, then kept (written whole, then renamed).
 * `where`: another cache directory and key (tests).
 */
export function cachedTemplate<T>(synth: () => T, where?: { dir: string; key: string }): T {
  const dir = where?.dir ?? CACHE;
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${where?.key ?? templateInputsKey()}.json`);
  const lock = `${file}.lock`;
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    const kept = read<T>(file);
    if (kept !== undefined) return kept;
    if (takeLock(lock)) break;
    if (Date.now() > deadline) return synth();
    sleep(POLL_MS);
  }
  try {
    const template = read<T>(file) ?? synth();
    const part = `${file}.${process.pid}.part`;
    writeFileSync(part, JSON.stringify(template));
    renameSync(part, file);
    return template;
  } finally {
    releaseLock(lock);
  }
}
