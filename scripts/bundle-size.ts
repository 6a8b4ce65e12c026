/**
 * `npm run bundle-size`: the minified size of each function's bundle, built with the
 * stack's esbuild settings, and the packages that weigh most in it.
 */
import { build } from 'esbuild';
import { esbuildOptions } from '../infra/bundling';
import { routes } from '../lib/api/routes';

const rows: Array<{ fn: string; kib: number; top: string }> = [];
for (const route of routes) {
  const result = await build({
    entryPoints: [`functions/${route.fn}.ts`],
    ...esbuildOptions,
    write: false,
    metafile: true,
    outfile: 'out.mjs',
    logLevel: 'error',
  });
  const byPackage = new Map<string, number>();
  for (const [path, input] of Object.entries(result.metafile.outputs['out.mjs']!.inputs)) {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? '(this project)';
    byPackage.set(name, (byPackage.get(name) ?? 0) + input.bytesInOutput);
  }
  const top = [...byPackage]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, bytes]) => `${name} ${Math.round(bytes / 1024)}`)
    .join(', ');
  rows.push({ fn: route.fn, kib: Math.round(result.outputFiles[0]!.contents.length / 1024), top });
}
console.log('| function | minified KiB | heaviest packages (KiB) |\n|---|---:|---|');
for (const r of rows) console.log(`| ${r.fn} | ${r.kib} | ${r.top} |`);
