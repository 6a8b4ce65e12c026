/**
 * What EventBridge Scheduler does in the cloud, for `npm start` and the tests: runs the KYB retry
 * worker's handler (functions/retry-pending-kyb.ts, the same code the Lambda runs) on a timer,
 * with a short interval so a PENDING check (the VIES stand-in's demo number that is unavailable
 * once, docs/demo.md) moves on within seconds. Runs never overlap: the next is timed from the end of
 * the last, as a slow VIES answer can make a run last as long as the VIES timeout.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { KYB_RETRY_TIMEOUT_SECONDS, KYB_RETRY_WORKER_FN } from '../../lib/companies/kyb/worker';
import type { ScheduledRun } from '../../lib/events/scheduled';
import { logger } from '../../lib/logger';
import { lambdaContext } from './api-gateway-event';
import { loadFunction } from './handlers';
import { runAs } from './iam/runtime';

/** Locally the worker runs every 2 s (in the cloud every KYB_RETRY_EVERY_MINUTES). */
export const LOCAL_KYB_RETRY_INTERVAL_MS = 2_000;

export type ScheduledHandler = (event: ScheduledRun, context: Context) => Promise<unknown>;

export interface KybRetryTimerOptions {
  intervalMs?: number;
  /** Instead of loading functions/retry-pending-kyb.ts (tests). */
  handler?: ScheduledHandler;
}

export interface KybRetryTimer {
  /** Stops the timer once the run in hand (if any) is done. Safe to call twice. */
  stop(): Promise<void>;
}

/** Starts the timer; the handler module loads on the first run (the handler environment must be set by then). */
export function startKybRetryTimer(options: KybRetryTimerOptions = {}): KybRetryTimer {
  const intervalMs = options.intervalMs ?? LOCAL_KYB_RETRY_INTERVAL_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let handler: ScheduledHandler | undefined = options.handler;

  const run = async () => {
    handler ??= await loadFunction<ScheduledHandler>(KYB_RETRY_WORKER_FN);
    const scheduled = handler;
    const context = lambdaContext(KYB_RETRY_WORKER_FN);
    const deadline = Date.now() + KYB_RETRY_TIMEOUT_SECONDS * 1000;
    await runAs(KYB_RETRY_WORKER_FN, () =>
      scheduled(
        { scheduledTime: new Date().toISOString(), executionId: randomUUID() },
        { ...context, getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()) },
      ),
    );
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run()
        // The handler logged the failure; the next run does its work, as in the cloud.
        .catch((error: unknown) => logger.debug('local KYB retry run failed', { error }))
        .finally(schedule);
    }, intervalMs);
  };
  schedule();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
