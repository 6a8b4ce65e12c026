import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { assertConfigured } from '../config';
import { logger } from '../logger';
import { withInvocationBudget } from './budget';
import { workerObservability } from './observability';

/**
 * The Middy composition of a worker run on a schedule (EventBridge Scheduler in the cloud, a
 * timer locally): the counterpart of lib/http/endpoint.ts for HTTP routes and of
 * stream-worker.ts for the table's stream. The function's settings are checked at cold start,
 * each run carries the same log keys as a route (its correlation id is the schedule's
 * execution id) and flushes its metrics once, and the use case gets the time left.
 *
 * Each run has a time budget (./budget.ts): no AWS call or VIES request outlasts the function.
 * A run that throws fails the invocation (the function's Errors alarm counts it); its work
 * is redone by the next run, so nothing is queued for it.
 */

/** The input the schedule sends (infra/constructs/workers.ts): its context attributes, for the logs. */
export interface ScheduledRun {
  scheduledTime?: string;
  executionId?: string;
}

export interface ScheduledContext {
  /** Milliseconds left before the function times out (Lambda's own count). */
  remainingMs(): number;
}

export type ScheduledWorkerHandler = middy.MiddyfiedHandler<ScheduledRun | undefined, unknown, Error, Context>;

/** A run's correlation id is the schedule's execution id, and its scheduled time is logged. */
const scheduleKeys = (event: unknown) => {
  const run = event as ScheduledRun | undefined;
  return {
    ...(run?.executionId !== undefined && { correlation_id: run.executionId }),
    ...(run?.scheduledTime !== undefined && { scheduled_time: run.scheduledTime }),
  };
};

/** The handler of a scheduled worker: `run` once per invocation. */
export function scheduledWorker<T>(
  name: string,
  run: (context: ScheduledContext) => Promise<T>,
): ScheduledWorkerHandler {
  // Fail at cold start, naming every missing setting the function's modules declared.
  assertConfigured();
  return middy<ScheduledRun | undefined, unknown>(workerObservability(name, scheduleKeys)).handler(
    async (_event, context) => {
      try {
        return await withInvocationBudget(context, () =>
          run({ remainingMs: () => context?.getRemainingTimeInMillis?.() ?? Number.POSITIVE_INFINITY }),
        );
      } catch (error) {
        logger.error(`${name}: the run failed; the next scheduled run does its work`, { error });
        throw error;
      }
    },
  );
}
