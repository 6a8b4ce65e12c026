/**
 * The code each local function runs: its esbuild bundle, built the way the CDK stack bundles it
 * (infra/bundling.ts, the options infra/constructs/functions.ts passes: minified ESM, source
 * maps without their sources), all functions in one esbuild call.
 *
 * Built once and kept under node_modules/.cache/dpp-local/bundles with the list of every file
 * that went in (esbuild's metafile) and each file's size and time: the next start uses them
 * again while none of those files changed, and builds afresh otherwise (a new directory, so a
 * stack still running on the old bundles keeps them).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { esbuildOptions } from '../../bundling';

const REPO_ROOT = join(import.meta.dirname, '../../..');
const CACHE = join(REPO_ROOT, 'node_modules', '.cache', 'dpp-local', 'bundles');
const MANIFEST = join(CACHE, 'manifest.json');
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
  if (!existsSync(dir)) return undefined;
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

/** Each function's bundle (`<fn>.mjs`, its source map beside it), built or reused; `built`: whether it was built now. */
export async function functionBundles(
  fns: readonly string[],
): Promise<{ bundles: Map<string, string>; built: boolean }> {
  await mkdir(CACHE, { recursive: true });
  const reused = await cached(fns);
  const dir = reused ?? (await buildFresh(fns));
  return { bundles: new Map(fns.map((fn) => [fn, join(dir, `${fn}.mjs`)])), built: reused === undefined };
}
