import { beforeAll, describe, expect, it } from 'vitest';
import { ANCHOR_WORKER_FN } from '../../lib/anchoring/worker';
import { routes } from '../../lib/api/routes';
import { BACKUP_REPLICATOR_FN } from '../../lib/backup/worker';
import { KYB_RETRY_WORKER_FN } from '../../lib/companies/kyb/worker';
import { IMPORT_WORKER_FN } from '../../lib/imports/worker';
import {
  buildFunctionBundles,
  type FunctionBundle,
  floorSource,
  KiB,
  kib,
  sdkImportsOf,
} from '../../scripts/bench/bundles';
import { bundleBreaches, GOALS } from '../../scripts/bench/goals';

/**
 * The deterministic bytes goal (scripts/bench/goals.ts): every function's bundle within GOALS.bytesPerFloor of its
 * SDK floor and at most GOALS.maxBytes, built by the very code `npm run bench` runs
 * (scripts/bench/bundles.ts: the stack's esbuild options, one build for all functions).
 * The timings of the bench are too noisy for a test; bytes are not.
 */
const bundles = new Map<string, FunctionBundle>();
/**
 * Every route's function, the anchor worker (fed by the table's stream), the KYB retry worker (on a schedule), the
 * import worker (on its queue) and the back-up's replicator (the stream, in a stack with a back-up): no route.
 */
const functions = [
  ...routes.map((r) => r.fn),
  ANCHOR_WORKER_FN,
  KYB_RETRY_WORKER_FN,
  IMPORT_WORKER_FN,
  BACKUP_REPLICATOR_FN,
];
beforeAll(async () => {
  for (const b of await buildFunctionBundles(functions)) bundles.set(b.fn, b);
}, 120_000);

/** What to look at when a bundle grows: its bytes, its floor's, and what weighs above it. */
const explain = (b: FunctionBundle) =>
  `${b.fn}: ${b.bundle.bytes} B against a floor of ${b.floor.bytes} B; above the floor (KiB): ${b.aboveFloor
    .slice(0, 6)
    .map((p) => `${p.name} ${kib(p.bytes)}`)
    .join(', ')}`;

describe.each(functions)('the bundle of %s', (fn) => {
  it(`is at most ${GOALS.bytesPerFloor} times its SDK floor (or within ${GOALS.slackBytes} B of it)`, () => {
    const b = bundles.get(fn)!;
    expect(
      bundleBreaches(fn, b.bundle.bytes, b.floor.bytes + b.bundle.domainBytes, b.bundle.dataBytes).filter(
        (x) => x.goal === 'bytesPerFloor',
      ),
      explain(b),
    ).toEqual([]);
  });

  it(`is at most ${GOALS.maxBytes / KiB} KiB`, () => {
    const b = bundles.get(fn)!;
    expect(b.bundle.bytes, explain(b)).toBeLessThanOrEqual(GOALS.maxBytes);
  });

  it('has a floor that holds exactly the SDK modules the function bundles', () => {
    const b = bundles.get(fn)!;
    expect({ missing: b.missingFromFloor, extra: b.extraInFloor }).toEqual({ missing: [], extra: [] });
  });
});

describe('the SDK floor', () => {
  it('imports what a minified bundle with the SDK left external still imports, by exported name', () => {
    const code =
      'import{createRequire as x}from"module";import{S3Client as a,GetObjectCommand as b}from"@aws-sdk/client-s3";' +
      'import*as c from"@smithy/core/protocols";import d,{formatUrl as e}from"@aws-sdk/core/util";import"@smithy/types";' +
      'import{readFileSync as f}from"node:fs";export const handler=async()=>[a,b,c,d,e,f];';
    expect(sdkImportsOf(code, 'sample')).toEqual([
      { from: '@aws-sdk/client-s3', names: ['GetObjectCommand', 'S3Client'] },
      { from: '@aws-sdk/core/util', names: ['default', 'formatUrl'] },
      { from: '@smithy/core/protocols', names: ['*'] },
      { from: '@smithy/types', names: [] },
    ]);
  });

  it('refuses a bundle that loads the SDK dynamically rather than derive a wrong floor', () => {
    expect(() => sdkImportsOf('const s=await import("@aws-sdk/client-s3");', 'sample')).toThrow(/dynamic import/);
  });

  it('instantiates clients and commands in a handler that does not run at import', () => {
    const source = floorSource([
      { from: '@aws-sdk/client-s3', names: ['GetObjectCommand', 'S3Client'] },
      { from: '@aws-sdk/s3-request-presigner', names: ['S3RequestPresigner'] },
    ]);
    expect(source).toContain('import { GetObjectCommand as sdk0, S3Client as sdk1 } from "@aws-sdk/client-s3";');
    expect(source).toContain('new sdk0(event)');
    expect(source).toContain('new sdk1(event)');
    expect(source).toMatch(/^\s+sdk2,$/m);
    expect(source).toMatch(/export const handler = async \(event\) => \[/);
  });

  it('is an empty bare handler for a function that uses no SDK', () => {
    expect(floorSource([])).toBe('export const handler = async () => {};\n');
    expect(bundles.get('not-found')?.sdkImports).toEqual([]);
    // GET /health answers without the table (lib/http/health.ts): no SDK in its bundle at all.
    expect(bundles.get('health')?.sdkImports).toEqual([]);
  });
});
