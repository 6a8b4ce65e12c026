import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { invokeWorker, workerSampleEvents } from '../../infra/local/worker-events';
import { ANCHOR_WORKER_FN, NOTARIZATION_INSERTS } from '../../lib/anchoring/worker';
import { matchesFilter } from '../../lib/events/stream-filter';
import { localEnv } from '../support/api';

/**
 * The workers' sample events in events/ (`npm run events`), each run through the code path of
 * `npm run invoke` (invokeWorker) against the local engines: the anchor worker's stream record
 * (a duplicate delivery of the seed's notarization, see anchor-notarization.test.ts) and the
 * input of each schedule (the anchor sweep, the KYB retry), the runs the local timers make too.
 */
beforeAll(() => {
  // Handlers read their settings once, at first import: set them first.
  Object.assign(process.env, localEnv);
});

const samples = workerSampleEvents();

describe.each(samples.map((sample) => [sample.name, sample] as const))('events/%s.json', (name, sample) => {
  const committed = JSON.parse(readFileSync(`events/${name}.json`, 'utf8')) as unknown;

  it('is the sample that `npm run events` writes', () => {
    expect(committed).toEqual(JSON.parse(JSON.stringify(sample.event)));
  });

  it(`runs through ${sample.fn} without a failure`, async () => {
    const answer = await invokeWorker(sample.fn, committed);
    // A stream batch reports no failed record; a scheduled run (its summary, or each of its
    // parts: the KYB retry then the orphan sweep) did not stop early.
    if ('Records' in (committed as object)) expect(answer).toEqual({ batchItemFailures: [] });
    else {
      const summary = answer as Record<string, unknown>;
      const parts = 'stoppedEarly' in summary ? [summary] : Object.values(summary);
      expect(parts.length).toBeGreaterThan(0);
      for (const part of parts) expect(part).toMatchObject({ stoppedEarly: false });
    }
  });
});

describe('the workers’ sample events', () => {
  it('are a stream record the anchor worker’s filter selects, its sweep’s schedule input, the KYB retry’s and an import queue message', () => {
    expect(samples.map(({ name, fn }) => [name, fn])).toEqual([
      [ANCHOR_WORKER_FN, ANCHOR_WORKER_FN],
      [`${ANCHOR_WORKER_FN}-sweep`, ANCHOR_WORKER_FN],
      ['retry-pending-kyb', 'retry-pending-kyb'],
      ['process-import', 'process-import'],
    ]);
    const stream = samples[0]!.event as { Records: unknown[] };
    expect(stream.Records).toHaveLength(1);
    expect(matchesFilter(NOTARIZATION_INSERTS, stream.Records[0])).toBe(true);
  });
});
