import type { PluginExecutionMode } from '@middy/core';
import { executionModeStandard } from '@middy/core/executionModeStandard';
import type { Context } from 'aws-lambda';
import { withBudget } from '../../aws/budget';

/**
 * The time budget of every request (lib/aws/budget.ts), as Middy's execution mode, so it
 * covers every step: each `before` (the token's verification, the idempotency claim), the
 * handler, each `after` and `onError`. Middy's own early timeout covers the handler only, and
 * leaves it running after it answered (it stays, 5 ms before the end, but the budget has
 * cut every AWS call long before, so nothing it still runs can write).
 *
 * From the Lambda context's remaining time R at the start, the request's own AWS calls are
 * aborted at R − WORK_RESERVE_MS (they then fail as `TimeoutError`, and the error middleware
 * answers 503), and the last calls (storing or releasing an idempotency key) at
 * R − LAST_RESERVE_MS. The calls that are not AWS calls have timeouts of their own that fit
 * (Stripe 2 × 3.5 s, VIES 5 s). Never a hang past the function's timeout, never a 500.
 */
export const WORK_RESERVE_MS = 1_500;
export const LAST_RESERVE_MS = 400;

type Run = ((event: unknown, context: Context) => Promise<unknown>) & { handler: (handler: unknown) => unknown };

export const budgetedExecution = ((...args: unknown[]) => {
  const run = (executionModeStandard as (...a: unknown[]) => Run)(...args);
  const budgeted = ((event: unknown, context: Context) => {
    const end = Date.now() + (context?.getRemainingTimeInMillis?.() ?? Number.POSITIVE_INFINITY);
    return withBudget({ work: end - WORK_RESERVE_MS, last: end - LAST_RESERVE_MS }, () => run(event, context));
  }) as Run;
  budgeted.handler = (handler: unknown) => {
    run.handler(handler);
    return budgeted;
  };
  return budgeted;
}) as PluginExecutionMode;
