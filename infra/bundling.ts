/**
 * The esbuild options every function is bundled with: the CDK stack's NodejsFunction
 * bundling, `npm run bundle-size` and `npm run bench` all read them from here, so what
 * is measured is what is deployed.
 */

/** Lambda runs Node 24; dev and CI run the same major through the pinned `node` devDependency. */
export const NODE_TARGET = 'node24';

/** ESM bundles whose dependencies still call `require` get one from `createRequire`. */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __dppCreateRequire } from 'module'; const require = __dppCreateRequire(import.meta.url);";

/** The same options, in esbuild's own API form, for the scripts that build bundles to measure them. */
export const esbuildOptions = {
  bundle: true,
  minify: true,
  platform: 'node' as const,
  format: 'esm' as const,
  target: NODE_TARGET,
  mainFields: ['module', 'main'],
  banner: { js: ESM_REQUIRE_BANNER },
};
