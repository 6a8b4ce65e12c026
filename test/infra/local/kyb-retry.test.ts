import { describe, expect, it } from 'vitest';
import { startKybRetryTimer } from '../../../infra/local/kyb-retry';
import type { ScheduledRun } from '../../../lib/events/scheduled';

const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

/** The local stand-in for EventBridge Scheduler (infra/local/kyb-retry.ts), with a handler that records its runs. */
describe('the local KYB retry timer', () => {
  it('runs the handler again and again, never two runs at once, each with its own execution id and time left', async () => {
    const runs: Array<{ event: ScheduledRun; remaining: number }> = [];
    let running = 0;
    let overlapped = false;
    const timer = startKybRetryTimer({
      intervalMs: 10,
      handler: async (event, context) => {
        running += 1;
        overlapped ||= running > 1;
        runs.push({ event, remaining: context.getRemainingTimeInMillis() });
        await sleep(30);
        running -= 1;
      },
    });
    await sleep(250);
    await timer.stop();
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(overlapped).toBe(false);
    expect(new Set(runs.map((run) => run.event.executionId)).size).toBe(runs.length);
    for (const run of runs) {
      expect(run.event.scheduledTime).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(run.remaining).toBeGreaterThan(50_000); // the worker's 60 s, not an HTTP function's 10 s
    }
  });

  it('keeps going after a failed run, and stop() waits for the run in hand, after which none starts', async () => {
    let calls = 0;
    let finished = 0;
    const timer = startKybRetryTimer({
      intervalMs: 5,
      handler: async () => {
        calls += 1;
        if (calls === 1) throw new Error('VIES exploded');
        await sleep(40);
        finished += 1;
      },
    });
    while (calls < 2) await sleep(5);
    await timer.stop();
    expect(finished).toBe(calls - 1);
    const after = calls;
    await sleep(50);
    expect(calls).toBe(after);
    await timer.stop(); // twice is fine
  });
});
