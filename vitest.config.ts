import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/setup/sequencer';

/**
 * Three projects:
 * - unit: logic and the CDK template, no engines (aws-sdk-client-mock where an AWS call
 *   or a fault is involved); a generated key pair and dummy names in the environment.
 * - docs: the README and docs/ as a reader meets them: their links, the OpenAPI linters, and
 *   the walk-through run block by block against a fresh `npm start` of its own.
 * - integration: the real local stack (DynamoDB Local, s3rver, SES stand-in, the local
 *   API server) started once by the global setup on random ports, driven over HTTP.
 *
 * Files of every project share one pool of workers. Vitest's default in a run is one worker
 * fewer than the cores: one on a 2-core machine, every file in turn. An integration file
 * mostly waits for the local stack (another process, whose functions run in their own
 * threads), and the faults file mostly waits out its fault windows, so one worker more than
 * the cores keeps both cores busy: 3 on a 2-core machine (measured on a fresh clone: vitest
 * 197 s with 3 workers, 220 s with 2; the CPU time is the same).
 * The unit files start at once: the global setup does not wait for the stack, each
 * integration file does (test/setup/local-stack-ready.ts). The longest files start first
 * and the two projects' files take turns (test/setup/sequencer.ts).
 */
/**
 * The unit files that change what a module holds for the whole process: process.env (read by
 * lib/config.ts once), module mocks (vi.mock), or the module registry. They run isolated, each
 * file in fresh modules; every other unit file shares its worker's modules with the files run
 * before it (isolate: false), which saves the import of lib/ and the SDK per file: about 140 s
 * of CPU of the suite's budget. test/infra/vitest-config.test.ts keeps this list true.
 */
export const ISOLATED_UNIT_FILES = [
  'test/component/functions/get-dpp.test.ts',
  'test/component/functions/key-rotation.test.ts',
  'test/component/http/endpoint.test.ts',
  'test/component/http/middleware/cdn-origin.test.ts',
  'test/component/http/observability.test.ts',
  'test/lib/companies/kyb/retry-pending.test.ts',
  'test/lib/companies/kyb/vies.test.ts',
  'test/lib/companies/plan/discount-subscription.test.ts',
  'test/lib/config.test.ts',
  'test/lib/data/paging.test.ts',
  'test/lib/dpps/machine-translate-dpp.test.ts',
  'test/lib/dpps/public-paths.test.ts',
  'test/lib/dpps/translation-provider.test.ts',
  'test/lib/dpps/view-dpp.test.ts',
  'test/lib/events/stream-worker.test.ts',
  'test/lib/links.test.ts',
  'test/lib/logger.test.ts',
  'test/lib/metrics.test.ts',
  'test/lib/notarizations/list-notarizations.test.ts',
  'test/lib/notarizations/notarize-version.test.ts',
  'test/lib/stripe/client.test.ts',
  'test/lib/versions/list-versions.test.ts',
];

/**
 * The integration files that change what a module holds for the whole process (as above: they
 * run handlers or workers in this process with settings of their own, spy on or mock modules).
 * Every other integration file shares its worker's modules with the files before it: the import
 * of lib/, the SDK and the test support once a worker instead of once a file.
 */
export const ISOLATED_INTEGRATION_FILES = [
  'test/events/anchor-notarization.test.ts',
  'test/events/events.test.ts',
  'test/events/worker-events.test.ts',
  'test/functions/admin-cli.test.ts',
  'test/functions/imports-resume.test.ts',
  'test/functions/invitations.test.ts',
  'test/functions/kyb.test.ts',
  'test/functions/malformed-path.test.ts',
  'test/functions/operators.test.ts',
  'test/functions/orphan-sweep.test.ts',
  'test/functions/promotions.test.ts',
  'test/infra/local/engines/eu-registry.test.ts',
  'test/infra/local/stream-worker.test.ts',
];

const INTEGRATION_FILES = [
  'test/functions/**/*.test.ts',
  'test/events/**/*.test.ts',
  'test/infra/local/**/*.test.ts',
  'test/fuzz/**/*.test.ts',
];

/** Both integration projects': the one local stack (started once for both) and the wait for it. */
const INTEGRATION = {
  globalSetup: ['test/setup/local-stack.ts'],
  setupFiles: ['test/setup/local-stack-ready.ts'],
  // Threads: cheaper to start than processes.
  pool: 'threads' as const,
  testTimeout: 30_000,
  hookTimeout: 120_000,
};

const UNIT_FILES = [
  'test/lib/**/*.test.ts',
  'test/component/**/*.test.ts',
  'test/infra/*.test.ts',
  'test/infra/iam/**/*.test.ts',
  'test/scripts/**/*.test.ts',
];

export default defineConfig({
  test: {
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: UNIT_FILES,
          exclude: ISOLATED_UNIT_FILES,
          // Threads, sharing modules between a worker's files (ISOLATED_UNIT_FILES above).
          pool: 'threads',
          isolate: false,
          setupFiles: ['test/setup/unit-env.ts'],
          testTimeout: 20_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          include: ISOLATED_UNIT_FILES,
          setupFiles: ['test/setup/unit-env.ts'],
          testTimeout: 20_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'docs',
          include: ['test/docs/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 320_000,
        },
      },
      {
        test: {
          // Its own local stack, in the test's process, with every engine behind a fault proxy (test/faults/).
          name: 'faults',
          include: ['test/faults/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: INTEGRATION_FILES,
          exclude: ISOLATED_INTEGRATION_FILES,
          // Sharing modules between a worker's files (ISOLATED_INTEGRATION_FILES above).
          isolate: false,
          ...INTEGRATION,
        },
      },
      {
        test: {
          name: 'integration-isolated',
          include: ISOLATED_INTEGRATION_FILES,
          ...INTEGRATION,
        },
      },
    ],
  },
});
