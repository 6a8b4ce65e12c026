/**
 * `npm run bundle-size`: the bytes half of `npm run bench`, in seconds. Each function's
 * minified bundle (the stack's esbuild settings), its SDK floor (scripts/bench/bundles.ts),
 * the ratio, and the packages that weigh above the floor. Marks and exits 1 on a broken
 * bytes goal (scripts/bench/goals.ts), as test/scripts/bundle-size.test.ts fails on one.
 */
import { ANCHOR_WORKER_FN } from '../lib/anchoring/worker';
import { routes } from '../lib/api/routes';
import { KYB_RETRY_WORKER_FN } from '../lib/companies/kyb/worker';
import { buildFunctionBundles, kib } from './bench/bundles';
import { bundleBreaches } from './bench/goals';
import { BREACH_MARK } from './bench/report';

// Every route's function and the anchor worker (fed by the table's stream, not by a route).
const bundles = await buildFunctionBundles([...routes.map((route) => route.fn), ANCHOR_WORKER_FN, KYB_RETRY_WORKER_FN]);
const breaches = bundles.flatMap((b) =>
  bundleBreaches(b.fn, b.bundle.bytes, b.floor.bytes + b.bundle.domainBytes, b.bundle.dataBytes),
);
console.log(
  '| function | KiB | floor KiB | bytes/floor | above the floor (KiB by package) |\n|---|---:|---:|---:|---|',
);
for (const b of bundles) {
  const broken = breaches.some((x) => x.fn === b.fn) ? ` ${BREACH_MARK}` : '';
  const top = b.aboveFloor
    .slice(0, 5)
    .map((p) => `${p.name} ${kib(p.bytes)}`)
    .join(', ');
  console.log(`| ${b.fn} | ${kib(b.bundle.bytes)} | ${kib(b.floor.bytes)} | ${b.ratio.toFixed(3)}${broken} | ${top} |`);
}
for (const x of breaches) console.log(`\n- ${x.fn}: ${x.text}`);
process.exitCode = breaches.length > 0 ? 1 : 0;
