/**
 * `npm run bench`: the performance report of every function in the route table,
 * rerunnable by anyone; new routes are measured with no extra work. For each function:
 *   - bundle bytes and bytes / its SDK floor (scripts/bench/bundles.ts: the floor is built
 *     from the SDK clients and commands the function's own bundle uses);
 *   - cold import ms and the ratio to the floor (fresh Node processes, interleaved, median);
 *   - the p50 overhead of the handler stack over a bare handler (stubbed use case, same token);
 *   - for read routes, DynamoDB and S3 round trips per request against the local stack;
 * then the cost of a signed URL, and of validating an aspect document (at most 2 ms p50). Prints markdown, marks every broken goal (scripts/bench/goals.ts)
 * and exits 1 when any is broken. Timings are noisy, so this runs outside `npm test`; the
 * bytes goal, which is deterministic, is also a unit test (test/scripts/bundle-size.test.ts).
 *
 *   npm run bench
 *   npm run bench -- --runs 21 --calls 5000 --requests 100
 *   npm run bench -- --only get-dpp,list-dpp-files --skip round-trips,signing
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadLocalStack, loadSamples } from '../infra/local';
import { type RouteFn, routes } from '../lib/api/routes';
import { measureValidation } from './bench/aspect-validation';
import { buildFunctionBundles } from './bench/bundles';
import { measureColdImports } from './bench/cold-import';
import {
  type Breach,
  bundleBreaches,
  coldBreaches,
  overheadBreaches,
  roundTripBreaches,
  validationBreaches,
} from './bench/goals';
import { measureOverhead } from './bench/overhead';
import { type Measured, markdown } from './bench/report';
import { measureRoundTrips } from './bench/round-trips';
import { measureSigning } from './bench/signed-urls';

const { samples } = await loadSamples();

const SECTIONS = ['cold', 'overhead', 'round-trips', 'signing', 'validation'] as const;
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '15' },
    calls: { type: 'string', default: '3000' },
    requests: { type: 'string', default: '50' },
    only: { type: 'string' },
    skip: { type: 'string' },
  },
});
const number = (text: string, min: number, name: string) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer of at least ${min}`);
  return n;
};
const runs = number(values.runs, 15, 'runs');
const calls = number(values.calls, 1000, 'calls');
const requests = number(values.requests, 1, 'requests');
const allFns = routes.map((r) => r.fn) as RouteFn[];
const fns = values.only ? (values.only.split(',') as RouteFn[]) : allFns;
const unknown = fns.filter((fn) => !allFns.includes(fn));
if (unknown.length > 0) throw new Error(`--only: no function ${unknown.join(', ')} (functions: ${allFns.join(', ')})`);
const skip = new Set(values.skip?.split(',') ?? []);
const badSkip = [...skip].filter((s) => !(SECTIONS as readonly string[]).includes(s));
if (badSkip.length > 0) throw new Error(`--skip: no section ${badSkip.join(', ')} (sections: ${SECTIONS.join(', ')})`);
const progress = (line: string) => process.stderr.write(`${line}\n`);

progress(`bundling ${fns.length} functions and their SDK floors`);
const measured: Measured = { bundles: await buildFunctionBundles(fns), breaches: [] };
const breaches: Breach[] = measured.bundles.flatMap((b) =>
  bundleBreaches(b.fn, b.bundle.bytes, b.floor.bytes + b.bundle.domainBytes, b.bundle.dataBytes),
);

if (!skip.has('signing')) {
  progress('signed URLs');
  measured.signing = await measureSigning();
}

if (!skip.has('validation')) {
  progress('aspect validation');
  measured.validation = measureValidation();
  for (const v of measured.validation) breaches.push(...validationBreaches(v.name, v.p50));
}

const dir = mkdtempSync(join(tmpdir(), 'dpp-bench-'));
const { startLocalStack } = await loadLocalStack();
const stack = await startLocalStack({ port: 0, dir: '.local', logLevel: 'ERROR' });
try {
  const api = stack.apiUrl ?? '';
  const issued = await fetch(`${api}${samples['generate-jwt'].path}`);
  const { authToken } = (await issued.json()) as { authToken: string };
  if (!skip.has('cold')) {
    measured.cold = await measureColdImports(
      measured.bundles.map((b) => ({ fn: b.fn, code: b.bundle.code, floorCode: b.floor.code })),
      { runs, env: stack.env, dir: join(dir, 'cold'), progress },
    );
    breaches.push(...measured.cold.flatMap((c) => coldBreaches(c.fn, c.ratio)));
  }
  if (!skip.has('overhead')) {
    measured.overhead = await measureOverhead(fns, {
      token: authToken,
      calls,
      env: stack.env,
      dir: join(dir, 'overhead'),
      progress,
    });
    breaches.push(...measured.overhead.flatMap((o) => overheadBreaches(o.fn, o.overhead)));
  }
  if (!skip.has('round-trips')) {
    const reads = fns.filter((fn) => routes.find((r) => r.fn === fn)?.method === 'GET');
    measured.roundTrips = await measureRoundTrips(reads, { apiUrl: api, token: authToken, requests, progress });
    breaches.push(...measured.roundTrips.flatMap((r) => roundTripBreaches(r.fn, r.dynamodb)));
  }
} finally {
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}

measured.breaches = breaches;
console.log(markdown(measured, { runs, calls, requests }));
const floorsOff = measured.bundles.some((b) => b.missingFromFloor.length > 0 || b.extraInFloor.length > 0);
process.exitCode = breaches.length > 0 || floorsOff ? 1 : 0;
