import type { PluginExecutionMode } from '@middy/core';
import { executionModeStandard } from '@middy/core/executionModeStandard';
import type { Context } from 'aws-lambda';
import { budgetView, withBudget } from '../../aws/budget';
import { OutcomeUnknownError, UnavailableError } from '../../errors';
import { logger } from '../../logger';
import { type HttpResponse, json } from '../response';
import type { ApiEvent } from '../types';

/**
 * The time budget of every request (lib/aws/budget.ts), as Middy's execution mode, so it
 * covers every step: each `before` (the token's verification, the idempotency claim), the
 * handler, each `after` and `onError`. Middy's own early timeout covers the handler only,
 * and leaves it running after it answered; it is off (lib/http/endpoint.ts).
 *
 * From the Lambda context's remaining time R at the start:
 * - the request's own AWS calls are aborted at R − WORK_RESERVE_MS (they then fail as
 *   `TimeoutError`, and the error middleware answers 503);
 * - the last calls (storing or releasing an idempotency key) have until R − LAST_RESERVE_MS;
 * - should anything else still be waiting at R − ANSWER_RESERVE_MS (a fetch with a longer
 *   timeout of its own), the request answers 503 then, and every AWS call it would still
 *   make fails at once. Never a hang past the function's timeout, never a 500.
 */
export const WORK_RESERVE_MS = 1_500;
export const LAST_RESERVE_MS = 400;
export const ANSWER_RESERVE_MS = 250;

type Run = ((event: ApiEvent, context: Context) => Promise<HttpResponse>) & {
  handler: (handler: unknown) => unknown;
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const budgetedExecution = ((...args: unknown[]) => {
  const run = (executionModeStandard as (...a: unknown[]) => Run)(...args);
  const budgeted = ((event: ApiEvent, context: Context) => {
    const remaining = context?.getRemainingTimeInMillis?.();
    if (remaining === undefined) {
      return withBudget({ work: Number.POSITIVE_INFINITY, last: Number.POSITIVE_INFINITY }, () => run(event, context));
    }
    const now = Date.now();
    let view = budgetView();
    const answer = withBudget(
      { work: now + remaining - WORK_RESERVE_MS, last: now + remaining - LAST_RESERVE_MS },
      () => {
        view = budgetView();
        return run(event, context);
      },
    );
    let timer: NodeJS.Timeout | undefined;
    const backstop = new Promise<HttpResponse>((resolve) => {
      timer = setTimeout(() => resolve(outOfTime(event, view())), Math.max(0, remaining - ANSWER_RESERVE_MS));
    });
    return Promise.race([answer, backstop]).finally(() => clearTimeout(timer));
  }) as Run;
  budgeted.handler = (handler: unknown) => {
    run.handler(handler);
    return budgeted;
  };
  return budgeted;
}) as PluginExecutionMode;

/**
 * The answer of a request still waiting at the end of its budget: 503 with Retry-After, or,
 * for a write without an Idempotency-Key (whatever it waits for may still take effect), the
 * outcome-unknown 503 without it.
 */
function outOfTime(event: ApiEvent, state: { unknown: boolean; keyed: boolean }): HttpResponse {
  const method = event?.requestContext?.http?.method ?? 'GET';
  const unknown = !state.keyed && (state.unknown || !SAFE_METHODS.has(method));
  const error = unknown ? new OutcomeUnknownError() : new UnavailableError();
  logger.error('request still waiting at the end of its budget', { status: 503, code: error.code });
  const headers = error instanceof UnavailableError ? { 'retry-after': String(error.retryAfterSeconds) } : undefined;
  return json(503, { error: error.message, code: error.code }, headers);
}
