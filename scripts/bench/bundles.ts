/**
 * Every function's bundle and its "SDK floor", built with the stack's own esbuild options
 * (infra/bundling.ts), so what is measured is what is deployed.
 *
 * The floor of a function is a bundle that holds only the AWS SDK the function uses: its
 * clients, commands and helpers, and nothing of ours. It is derived from the function itself,
 * so a new route is measured with no extra work:
 *   1. the function is bundled once more with every `@aws-sdk/*` and `@smithy/*` import left
 *      external and side-effect free (as the SDK's packages declare themselves); what esbuild
 *      keeps of those imports after tree shaking is exactly the SDK surface the function's
 *      live code uses (`import{S3Client as x,GetObjectCommand as y}from…`);
 *   2. the floor entry imports those same names and instantiates the clients and commands
 *      inside a handler (so nothing is tree-shaken, and nothing runs at import);
 *   3. it is bundled with the same options. A function that uses no SDK gets an empty bare
 *      handler as its floor.
 * A check backs step 1: the function and its floor must hold the same SDK modules
 * (`missingFromFloor`, `extraInFloor`), or the floor would be wrong one way or the other.
 *
 * All functions are built in one esbuild call (many entry points, no splitting: each output
 * is byte for byte what a single-entry build gives, and the SDK is parsed once). The functions'
 * own bundles are the local stack's (infra/bundles.ts: the same options plus a
 * source map, whose only trace in the code is the last `sourceMappingURL` line, left out here),
 * built once for both and kept while no input changes; only the SDK-external variant and the
 * floors are built here.
 */

import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build, type Metafile, type Plugin } from 'esbuild';
import { esbuildOptions } from '../../infra/bundling';
import { loadFunctionBundles } from '../../infra/local';
import { routes } from '../../lib/api/routes';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The packages that make up "the SDK": the AWS SDK v3 and the Smithy runtime it is built on. */
const SDK_PACKAGE = /^@(aws-sdk|smithy)\//;

export const functionEntry = (fn: string): string => join(ROOT, 'functions', `${fn}.ts`);

/** One built bundle: its bytes, and where they come from. */
export interface Bundle {
  code: Uint8Array;
  bytes: number;
  /** Bytes in the output per npm package; `(this project)` for our own sources. */
  byPackage: Map<string, number>;
  /** The SDK modules (paths under node_modules) with bytes in the output. */
  sdkModules: Set<string>;
  /** Our own modules with bytes in the output, largest first. */
  ownModules: Array<{ name: string; bytes: number }>;
  /**
   * The bytes of our own JSON modules (the profiles' data, lib/profiles/data/): what a function
   * answers, not code, so the bytes/floor goal leaves them out (scripts/bench/goals.ts).
   */
  dataBytes: number;
  /** Bytes of the DOMAIN_LIBRARIES it bundles: they count in its floor. */
  domainBytes: number;
}

/** An import of the SDK that a function's live code keeps after tree shaking. */
export interface SdkImport {
  from: string;
  /** Named imports; `*` for a namespace import, `default` for a default import. */
  names: string[];
}

export interface FunctionBundle {
  fn: string;
  bundle: Bundle;
  floor: Bundle;
  /** The generated floor entry (JavaScript). */
  floorSource: string;
  sdkImports: SdkImport[];
  /** SDK modules the function bundles that its floor does not: the floor is incomplete if any. */
  missingFromFloor: string[];
  /** SDK modules of the floor that the function does not bundle: the floor is too generous if any. */
  extraInFloor: string[];
  /** bytes / floor bytes. */
  ratio: number;
  /** Packages the function carries above its floor, in bytes, largest first. */
  aboveFloor: Array<{ name: string; bytes: number }>;
}

/** Options for one multi-entry build; `outdir` is virtual (nothing is written). */
function options(entryPoints: Record<string, string>, extra: Partial<BuildOptions> = {}): BuildOptions {
  return {
    ...esbuildOptions,
    entryPoints,
    absWorkingDir: ROOT,
    outdir: 'out',
    outExtension: { '.js': '.mjs' },
    write: false,
    metafile: true,
    logLevel: 'error',
    ...extra,
  };
}

type Built = { outputFiles: Array<{ path: string; contents: Uint8Array; text: string }>; metafile: Metafile };

/** The outputs of a multi-entry build by entry name. */
function byEntry(result: Built): Map<string, { code: Uint8Array; text: string; meta: Metafile['outputs'][string] }> {
  const out = new Map<string, { code: Uint8Array; text: string; meta: Metafile['outputs'][string] }>();
  for (const file of result.outputFiles) {
    const key = relative(ROOT, file.path);
    const meta = result.metafile.outputs[key];
    if (!meta) throw new Error(`esbuild output ${key} is missing from its metafile`);
    out.set(key.replace(/^out\//, '').replace(/\.mjs$/, ''), { code: file.contents, text: file.text, meta });
  }
  return out;
}

const OWN = '(this project)';

/**
 * Well-kept domain libraries a function needs, which count in its floor (the SDK floor plus their
 * bytes in the bundle): a barcode encoder, the EU's business-number checks. Preferred to code of our
 * own, they are not what the bytes/floor goal is there to catch (docs/performance.md, Bundle sizes).
 */
export const DOMAIN_LIBRARIES: readonly string[] = ['qrcode', 'stdnum'];

/** The npm package an input path belongs to (the innermost node_modules), or our own sources. */
export function packageOf(inputPath: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(inputPath);
  if (match?.[1]) return match[1];
  return inputPath.startsWith('floor:') ? '(floor entry)' : OWN;
}

function toBundle(output: { code: Uint8Array; meta: Metafile['outputs'][string] }): Bundle {
  const byPackage = new Map<string, number>();
  const sdkModules = new Set<string>();
  const ownModules: Bundle['ownModules'] = [];
  for (const [path, input] of Object.entries(output.meta.inputs)) {
    if (input.bytesInOutput === 0) continue;
    const name = packageOf(path);
    byPackage.set(name, (byPackage.get(name) ?? 0) + input.bytesInOutput);
    if (SDK_PACKAGE.test(name)) sdkModules.add(path);
    if (name === OWN) ownModules.push({ name: path, bytes: input.bytesInOutput });
  }
  ownModules.sort((a, b) => b.bytes - a.bytes);
  const dataBytes = ownModules.filter((m) => m.name.endsWith('.json')).reduce((sum, m) => sum + m.bytes, 0);
  const domainBytes = DOMAIN_LIBRARIES.reduce((sum, name) => sum + (byPackage.get(name) ?? 0), 0);
  return { code: output.code, bytes: output.code.length, byPackage, sdkModules, ownModules, dataBytes, domainBytes };
}

/** Leaves every SDK import external, so the output says which SDK names the function really uses. */
const sdkExternal: Plugin = {
  name: 'sdk-external',
  setup(b) {
    // Side-effect free (as the SDK's packages declare), so an import whose names the live
    // code does not use is dropped instead of kept whole.
    b.onResolve({ filter: SDK_PACKAGE }, (args) => ({ path: args.path, external: true, sideEffects: false }));
  },
};

/**
 * The SDK imports esbuild kept in a bundle built with the SDK external. Minified ESM, so the
 * statements are `import{A as b,C as d}from"pkg"`, `import*as e from"pkg"`, `import f from"pkg"`,
 * `import f,{…}from"pkg"` or `import"pkg"`.
 */
export function sdkImportsOf(code: string, fn: string): SdkImport[] {
  const imports = new Map<string, Set<string>>();
  const statement =
    /\bimport\s*(?:([\w$]+)\s*,?\s*)?(?:\{([^}]*)\}|\*\s*as\s*[\w$]+)?\s*(?:from\s*)?["']((?:@aws-sdk|@smithy)\/[^"']+)["']/g;
  for (const match of code.matchAll(statement)) {
    const [text, defaultName, named, from = ''] = match;
    const names = imports.get(from) ?? new Set<string>();
    imports.set(from, names);
    if (defaultName && defaultName !== 'from') names.add('default');
    if (/^import\s*\*/.test(text) || /,\s*\*\s*as/.test(text)) names.add('*');
    for (const part of named?.split(',') ?? []) {
      const name = part.trim().split(/\s+as\s+/)[0] ?? '';
      if (name) names.add(name === 'default' ? 'default' : name);
    }
  }
  if (/\b(?:require|import)\s*\(\s*["'](?:@aws-sdk|@smithy)\//.test(code)) {
    throw new Error(
      `${fn}: a dynamic import or require() of the SDK; scripts/bench/bundles.ts cannot derive its floor`,
    );
  }
  return [...imports]
    .map(([from, names]) => ({ from, names: [...names].sort() }))
    .sort((a, b) => a.from.localeCompare(b.from));
}

/**
 * The SDK imports of a function less the names whose own module (a client's or a command's
 * `<Name>.js`) its real bundle does not hold. With the SDK external, esbuild keeps an import
 * statement's every name when the module that imports them is only partly live (a namespace
 * import such as lib/aws/table.ts, of which a function calls some operations), so the names
 * alone would give a floor with commands the function never bundles.
 */
export function bundledOnly(imports: SdkImport[], sdkModules: ReadonlySet<string>): SdkImport[] {
  const files = [...sdkModules].map((path) => path.slice(path.lastIndexOf('/') + 1));
  const ownFile = (name: string) => /(Client|Command)$/.test(name);
  return imports.map(({ from, names }) => ({
    from,
    names: names.filter((name) => !ownFile(name) || files.includes(`${name}.js`)),
  }));
}

/**
 * The floor entry: the same SDK imports, each client and command instantiated in a handler
 * that never runs at import, every other name referenced. No SDK: an empty bare handler.
 */
export function floorSource(imports: SdkImport[]): string {
  if (imports.length === 0) return 'export const handler = async () => {};\n';
  const lines: string[] = [];
  const uses: string[] = [];
  let n = 0;
  for (const { from, names } of imports) {
    const named: string[] = [];
    for (const name of names) {
      const local = `sdk${n++}`;
      if (name === '*') lines.push(`import * as ${local} from ${JSON.stringify(from)};`);
      else if (name === 'default') lines.push(`import ${local} from ${JSON.stringify(from)};`);
      else named.push(`${name} as ${local}`);
      uses.push(/(Client|Command)$/.test(name) ? `new ${local}(event)` : local);
    }
    if (named.length > 0) lines.push(`import { ${named.join(', ')} } from ${JSON.stringify(from)};`);
    if (names.length === 0) lines.push(`import ${JSON.stringify(from)};`);
  }
  lines.push(`export const handler = async (event) => [\n  ${uses.join(',\n  ')},\n];`);
  return `${lines.join('\n')}\n`;
}

/** Floor entries as virtual modules (`floor:<n>`), resolved from the project root. */
function floorModules(sources: string[]): Plugin {
  return {
    name: 'floor-entries',
    setup(b) {
      b.onResolve({ filter: /^floor:/ }, (args) => ({ path: args.path, namespace: 'floor' }));
      b.onLoad({ filter: /.*/, namespace: 'floor' }, (args) => ({
        contents: sources[Number(args.path.slice('floor:'.length))] ?? '',
        loader: 'js',
        resolveDir: ROOT,
      }));
    },
  };
}

/** The `sourceMappingURL` comment esbuild ends a bundle built with a source map with. */
const SOURCE_MAP_LINE = /\/\/# sourceMappingURL=[^\n]+\n?$/;

/**
 * Each function's bundle as the local stack built it (infra/bundles.ts), without
 * its source map's line: byte for byte what the same options build without a source map.
 */
async function sharedBundles(
  fns: readonly string[],
): Promise<Map<string, { code: Uint8Array; meta: Metafile['outputs'][string] }>> {
  const { functionBundles, OUTPUTS_FILE } = await loadFunctionBundles();
  const { bundles, dir } = await functionBundles(fns);
  const outputs = JSON.parse(await readFile(join(dir, OUTPUTS_FILE), 'utf8')) as Record<
    string,
    Pick<Metafile['outputs'][string], 'inputs'>
  >;
  const out = new Map<string, { code: Uint8Array; meta: Metafile['outputs'][string] }>();
  for (const fn of fns) {
    const text = (await readFile(found(bundles, fn), 'utf8')).replace(SOURCE_MAP_LINE, '');
    const code = new TextEncoder().encode(text);
    const meta = { ...found(new Map(Object.entries(outputs)), fn), imports: [], exports: [], bytes: code.length };
    out.set(fn, { code, meta });
  }
  return out;
}

function found<T>(map: Map<string, T>, key: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`no build output for ${key}`);
  return value;
}

/** Every function of the route table (or those named), with its floor. */
export async function buildFunctionBundles(
  fns: readonly string[] = routes.map((r) => r.fn),
): Promise<FunctionBundle[]> {
  const entries = Object.fromEntries(fns.map((fn) => [fn, functionEntry(fn)]));
  const [fnOutputs, external] = await Promise.all([
    sharedBundles(fns),
    build(options(entries, { plugins: [sdkExternal] })).then((r) => byEntry(r as Built)),
  ]);
  const perFn = new Map(
    fns.map((fn) => [
      fn,
      bundledOnly(sdkImportsOf(found(external, fn).text, fn), toBundle(found(fnOutputs, fn)).sdkModules),
    ]),
  );
  // Functions with the same SDK surface share one floor build.
  const sources = [...new Set(fns.map((fn) => floorSource(found(perFn, fn))))];
  const built = byEntry(
    (await build(
      options(Object.fromEntries(sources.map((_, i) => [`floor-${i}`, `floor:${i}`])), {
        plugins: [floorModules(sources)],
      }),
    )) as Built,
  );
  const floor = { perFn, sources, built };

  return fns.map((fn) => {
    const bundle = toBundle(found(fnOutputs, fn));
    const sdkImports = found(floor.perFn, fn);
    const source = floorSource(sdkImports);
    const floorBundle = toBundle(found(floor.built, `floor-${floor.sources.indexOf(source)}`));
    const aboveFloor = [...bundle.byPackage]
      .map(([name, bytes]) => ({ name, bytes: bytes - (floorBundle.byPackage.get(name) ?? 0) }))
      // Below 100 B the difference is minified names, not code.
      .filter((p) => p.bytes >= 100)
      .sort((a, b) => b.bytes - a.bytes);
    return {
      fn,
      bundle,
      floor: floorBundle,
      floorSource: source,
      sdkImports,
      missingFromFloor: [...bundle.sdkModules].filter((m) => !floorBundle.sdkModules.has(m)).sort(),
      extraInFloor: [...floorBundle.sdkModules].filter((m) => !bundle.sdkModules.has(m)).sort(),
      ratio: bundle.bytes / floorBundle.bytes,
      aboveFloor,
    };
  });
}

export const KiB = 1024;
export const kib = (bytes: number): string => (bytes / KiB).toFixed(1);
