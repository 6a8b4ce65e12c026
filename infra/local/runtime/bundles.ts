/**
 * The code each local function runs: its esbuild bundle, built the way the CDK stack bundles it
 * (infra/bundling.ts, the options infra/constructs/functions.ts passes: minified ESM, source
 * maps without their sources), all functions in one esbuild call.
 *
 * Built once and kept under node_modules/.cache/dpp-local/bundles with the list of every file
 * that went in (esbuild's metafile) and each file's size and time: the next start uses them
 * again while none of those files changed, and builds afresh otherwise (a new directory, so a
 * stack still running on the old bundles keeps them).
 *
 * The same build is what `npm run bundle-size` and its test measure (scripts/bench/bundles.ts
 * reads each bundle and, from `outputs.json` beside them, which input put how many bytes in it):
 * esbuild's code is the same with or without a source map but for the `sourceMappingURL` line.
 * One process builds at a time (a lock file holding its pid): on a fresh clone the test suite's
 * stack, the fault harness's and the bundle-size test all want the bundles at once, and the
 * others wait for that one build instead of making their own.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { esbuildOptions } from '../../bundling';

const REPO_ROOT = join(import.meta.dirname, '../../..');
const CACHE = join(REPO_ROOT, 'node_modules', '.cache', 'dpp-local', 'bundles');
const MANIFEST = join(CACHE, 'manifest.json');
/** Held (created exclusively, holding the builder's pid) while one process builds. */
const LOCK = join(CACHE, 'build.lock');
/** Beside the bundles: for each function, the bytes each input put in its bundle (esbuild's metafile). */
export const OUTPUTS_FILE = 'outputs.json';

/** What OUTPUTS_FILE holds: esbuild's metafile outputs, by function. */
export type BundleOutputs = Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
/** Older builds are removed after this long (a stack may still run on one). */
const KEEP_OLD_MS = 60 * 60 * 1000;

interface Manifest {
  id: string;
  fns: string[];
  /** Every input file (relative to the repository) and its size:mtime when it was built. */
  inputs: Record<string, string>;
}

const stamp = (file: string): string | undefined => {
  try {
    const info = statSync(join(REPO_ROOT, file));
    return `${info.size}:${info.mtimeMs}`;
  } catch {
    return undefined;
  }
};

async function cached(fns: readonly string[]): Promise<string | undefined> {
  const manifest = JSON.parse(await readFile(MANIFEST, 'utf8').catch(() => 'null')) as Manifest | null;
  if (!manifest || manifest.fns.join() !== [...fns].sort().join()) return undefined;
  const dir = join(CACHE, manifest.id);
  if (!existsSync(join(dir, OUTPUTS_FILE))) return undefined;
  const fresh = Object.entries(manifest.inputs).every(([file, was]) => stamp(file) === was);
  return fresh ? dir : undefined;
}

async function buildFresh(fns: readonly string[]): Promise<string> {
  const id = randomUUID();
  const outdir = join(CACHE, `${id}.part`);
  const result = await build({
    ...esbuildOptions,
    entryPoints: Object.fromEntries(fns.map((fn) => [fn, join(REPO_ROOT, 'functions', `${fn}.ts`)])),
    outdir,
    outExtension: { '.js': '.mjs' },
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
    absWorkingDir: REPO_ROOT,
  });
  const outputs: BundleOutputs = {};
  for (const [path, output] of Object.entries(result.metafile.outputs)) {
    const fn = /([^/]+)\.mjs$/.exec(path)?.[1];
    if (fn === undefined) continue; // a source map
    outputs[fn] = {
      inputs: Object.fromEntries(
        Object.entries(output.inputs).map(([input, { bytesInOutput }]) => [input, { bytesInOutput }]),
      ),
    };
  }
  await writeFile(join(outdir, OUTPUTS_FILE), JSON.stringify(outputs));
  await rename(outdir, join(CACHE, id));
  const inputs = Object.fromEntries(Object.keys(result.metafile.inputs).map((file) => [file, stamp(file) ?? '']));
  const manifest: Manifest = { id, fns: [...fns].sort(), inputs };
  await writeFile(`${MANIFEST}.${id}`, JSON.stringify(manifest));
  await rename(`${MANIFEST}.${id}`, MANIFEST);
  await removeOld(id);
  return join(CACHE, id);
}

async function removeOld(keep: string): Promise<void> {
  for (const entry of await readdir(CACHE)) {
    if (entry === keep || entry === 'manifest.json' || entry.startsWith('manifest.json.')) continue;
    const path = join(CACHE, entry);
    const info = await stat(path).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > KEEP_OLD_MS) await rm(path, { recursive: true, force: true });
  }
}

/** Takes the build lock; false while another live process holds it (a lock whose process is gone is taken over). */
async function takeLock(): Promise<boolean> {
  try {
    const file = await open(LOCK, 'wx');
    await file.writeFile(String(process.pid));
    await file.close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(await readFile(LOCK, 'utf8').catch(() => ''));
    if (holder > 0 && alive(holder)) return false;
    // Its process is gone (or it is being written this instant: the next round sees it).
    if (holder > 0) await rm(LOCK, { force: true });
    return false;
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

/**
 * Each function's bundle (`<fn>.mjs`, its source map beside it, OUTPUTS_FILE in the same
 * directory), built or reused; `built`: whether this process built it now. While another process
 * builds, waits for its build.
 */
export async function functionBundles(
  fns: readonly string[],
): Promise<{ bundles: Map<string, string>; dir: string; built: boolean }> {
  await mkdir(CACHE, { recursive: true });
  const result = (dir: string, built: boolean) => ({
    bundles: new Map(fns.map((fn) => [fn, join(dir, `${fn}.mjs`)])),
    dir,
    built,
  });
  for (;;) {
    const reused = await cached(fns);
    if (reused) return result(reused, false);
    if (await takeLock()) {
      try {
        // Built by another process between the look and the lock?
        const meanwhile = await cached(fns);
        return meanwhile ? result(meanwhile, false) : result(await buildFresh(fns), true);
      } finally {
        await rm(LOCK, { force: true });
      }
    }
    await new Promise((wake) => setTimeout(wake, 200));
  }
}
