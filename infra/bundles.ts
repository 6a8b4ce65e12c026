/**
 * Every function's esbuild bundle, all functions in one esbuild call, with the options of
 * infra/bundling.ts (minified ESM, source maps without their sources). Each is
 * `<fn>/index.mjs` with `index.mjs.map` beside it: the layout of a Lambda asset, so the CDK
 * stack (infra/constructs/functions.ts) copies a function's directory as its code.
 *
 * Its users: the CDK stack's synth, the local stack (each local function runs its bundle) and
 * `npm run bundle-size` (scripts/bench/bundles.ts reads each bundle and, from `outputs.json`
 * beside them, which input put how many bytes in it): what runs locally and what is measured is
 * what is deployed. esbuild's code is the same with or without a source map but for the
 * `sourceMappingURL` line.
 *
 * Built once and kept under node_modules/.cache/dpp-local/bundles with the list of every file
 * that went in (esbuild's metafile) and each file's size and time: the next build uses them
 * again while none of those files changed, and builds afresh otherwise (a new directory, so a
 * stack still running on the old bundles keeps them). One process builds at a time (a lock file
 * holding its pid): on a fresh clone the test suite's stack, the fault harness's, the CDK stack
 * test and the bundle-size test all want the bundles at once, and the others wait for that one
 * build instead of making their own (one call for 79 functions: about 15 s of CPU, where one
 * esbuild process per function took 80).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BuildOptions, build, buildSync, type Metafile } from 'esbuild';
import { esbuildOptions } from './bundling';
import { heldByThisProcess, releaseLock, takeLock } from './lock-file';

export const REPO_ROOT = join(import.meta.dirname, '..');
export const FUNCTIONS_DIR = join(REPO_ROOT, 'functions');
const CACHE = join(REPO_ROOT, 'node_modules', '.cache', 'dpp-local', 'bundles');
const MANIFEST = join(CACHE, 'manifest.json');
/** Held (created exclusively, holding the builder's pid) while one process builds. */
const LOCK = join(CACHE, 'build.lock');
/** Beside the bundles: for each function, the bytes each input put in its bundle (esbuild's metafile). */
export const OUTPUTS_FILE = 'outputs.json';
/** A function's bundle in its directory, as Lambda's handler `index.handler` names it. */
export const BUNDLE_FILE = 'index.mjs';

/** What OUTPUTS_FILE holds: esbuild's metafile outputs, by function. */
export type BundleOutputs = Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
/** Older builds are removed after this long (a stack may still run on one). */
const KEEP_OLD_MS = 60 * 60 * 1000;
/** How often a process waiting for another's build looks again. */
const WAIT_MS = 200;

interface Manifest {
  id: string;
  fns: string[];
  /** Every input file (relative to the repository) and its size:mtime when it was built. */
  inputs: Record<string, string>;
}

/** The bundles of `fns`: each function's directory, and the directory holding them all. */
export interface FunctionBundles {
  /** fn → its bundle (`<dir>/<fn>/index.mjs`). */
  bundles: Map<string, string>;
  dir: string;
  /** Whether this process built them now (else an earlier build was reused). */
  built: boolean;
}

/** Every handler in functions/: what one build bundles, whichever of them a caller needs. */
export const everyHandler = (): string[] =>
  readdirSync(FUNCTIONS_DIR)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();

const stamp = (file: string): string | undefined => {
  try {
    const info = statSync(join(REPO_ROOT, file));
    return `${info.size}:${info.mtimeMs}`;
  } catch {
    return undefined;
  }
};

/** The last build, while it holds every one of `fns` and none of its inputs changed since. */
function cached(fns: readonly string[]): string | undefined {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
  if (!fns.every((fn) => manifest.fns.includes(fn))) return undefined;
  const dir = join(CACHE, manifest.id);
  if (!existsSync(join(dir, OUTPUTS_FILE))) return undefined;
  const fresh = Object.entries(manifest.inputs).every(([file, was]) => stamp(file) === was);
  return fresh ? dir : undefined;
}

function buildOptions(fns: readonly string[], outdir: string): BuildOptions & { metafile: true } {
  return {
    ...esbuildOptions,
    entryPoints: Object.fromEntries(fns.map((fn) => [`${fn}/index`, join(FUNCTIONS_DIR, `${fn}.ts`)])),
    outdir,
    outExtension: { '.js': '.mjs' },
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
    absWorkingDir: REPO_ROOT,
  };
}

/** A new build's directory: esbuild wrote it as `<id>.part`; its outputs, then the manifest, make it the cache's. */
function keep(id: string, fns: readonly string[], metafile: Metafile): string {
  const outdir = join(CACHE, `${id}.part`);
  const outputs: BundleOutputs = {};
  for (const [path, output] of Object.entries(metafile.outputs)) {
    const fn = /([^/]+)\/index\.mjs$/.exec(path)?.[1];
    if (fn === undefined) continue; // a source map
    outputs[fn] = {
      inputs: Object.fromEntries(
        Object.entries(output.inputs).map(([input, { bytesInOutput }]) => [input, { bytesInOutput }]),
      ),
    };
  }
  writeFileSync(join(outdir, OUTPUTS_FILE), JSON.stringify(outputs));
  renameSync(outdir, join(CACHE, id));
  const inputs = Object.fromEntries(Object.keys(metafile.inputs).map((file) => [file, stamp(file) ?? '']));
  const manifest: Manifest = { id, fns: [...fns].sort(), inputs };
  writeFileSync(`${MANIFEST}.${id}`, JSON.stringify(manifest));
  renameSync(`${MANIFEST}.${id}`, MANIFEST);
  removeOld(id);
  return join(CACHE, id);
}

function removeOld(keepId: string): void {
  for (const entry of readdirSync(CACHE)) {
    if (entry === keepId || entry === 'manifest.json' || entry.startsWith('manifest.json.')) continue;
    const path = join(CACHE, entry);
    let modified: number;
    try {
      modified = statSync(path).mtimeMs;
    } catch {
      continue;
    }
    if (Date.now() - modified > KEEP_OLD_MS) rmSync(path, { recursive: true, force: true });
  }
}

const result = (fns: readonly string[], dir: string, built: boolean): FunctionBundles => ({
  bundles: new Map(fns.map((fn) => [fn, join(dir, fn, BUNDLE_FILE)])),
  dir,
  built,
});

/**
 * One look at the cache: the last build while it holds `fns` (`reused`), else this process's turn
 * to build (`build`: the lock is held, and `unlock` must follow), else another's build to wait for.
 */
function look(fns: readonly string[]): { reused: string } | { build: { id: string; all: string[] } } | undefined {
  mkdirSync(CACHE, { recursive: true });
  const reused = cached(fns);
  if (reused) return { reused };
  if (!takeLock(LOCK)) return undefined;
  // Built by another process between the look and the lock?
  const meanwhile = cached(fns);
  if (meanwhile) {
    unlock();
    return { reused: meanwhile };
  }
  return { build: { id: randomUUID(), all: everyHandler() } };
}

const unlock = () => releaseLock(LOCK);

/**
 * Each of `fns`' bundles, built (with every handler of functions/) or reused. While another
 * process builds, waits for its build. Asynchronous: the local stack starts its engines meanwhile.
 */
export async function functionBundles(fns: readonly string[]): Promise<FunctionBundles> {
  for (;;) {
    const step = look(fns);
    if (step && 'reused' in step) return result(fns, step.reused, false);
    if (step) {
      const { id, all } = step.build;
      try {
        const { metafile } = await build(buildOptions(all, join(CACHE, `${id}.part`)));
        return result(fns, keep(id, all, metafile), true);
      } finally {
        unlock();
      }
    }
    await new Promise((wake) => setTimeout(wake, WAIT_MS));
  }
}

/** The same, synchronously: for the CDK stack, whose assets are staged as its constructs are made. */
export function functionBundlesSync(fns: readonly string[]): FunctionBundles {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    const step = look(fns);
    if (step && 'reused' in step) return result(fns, step.reused, false);
    if (step) {
      const { id, all } = step.build;
      try {
        const { metafile } = buildSync(buildOptions(all, join(CACHE, `${id}.part`)));
        return result(fns, keep(id, all, metafile), true);
      } finally {
        unlock();
      }
    }
    // This process's own asynchronous build holds the lock: waiting here would block it for good.
    if (heldByThisProcess(LOCK)) {
      const id = randomUUID();
      const all = everyHandler();
      const { metafile } = buildSync(buildOptions(all, join(CACHE, `${id}.part`)));
      return result(fns, keep(id, all, metafile), true);
    }
    Atomics.wait(pause, 0, 0, WAIT_MS);
  }
}
