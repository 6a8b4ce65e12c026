/**
 * `npm run soak -- --seconds N --concurrency C`: a bounded soak run against a local stack of its
 * own (loopback only), with the mix and report of scripts/soak/run.ts; exits 1 if there was a
 * 5xx or an invariant does not hold.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadLocalStack } from '../infra/local';
import { defined } from '../lib/defined';
import { storesOf } from '../test/support/invariants';
import { soak } from './soak/run';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '30' }, concurrency: { type: 'string', default: '16' } },
});
const seconds = Math.min(Number(values.seconds), 3600);
const concurrency = Math.min(Number(values.concurrency), 64);
if (!(seconds > 0 && concurrency > 0)) throw new Error('--seconds and --concurrency must be positive numbers');

const dir = await mkdtemp(join(tmpdir(), 'dpp-soak-'));
const { startLocalStack } = await loadLocalStack();
const stack = await startLocalStack({ port: 0, dir, seed: false, logLevel: 'SILENT' });
try {
  const env = stack.env;
  const result = await soak(defined(stack.apiUrl, 'the API address'), storesOf(env), seconds, concurrency);
  console.info(result.report);
  process.exitCode = result.errors > 0 || result.violations.length > 0 ? 1 : 0;
} finally {
  await stack.stop();
  await rm(dir, { recursive: true, force: true });
}
