import type { Context } from 'aws-lambda';
import { withBudget } from '../aws/budget';

/**
 * The time budget of a worker's invocation (the stream worker, the scheduled ones), as routes
 * have theirs (lib/http/middleware/budget.ts): every AWS call, and every fetch that takes the
 * budget's signal (the chain's node, VIES), is aborted WORKER_RESERVE_MS before the function's
 * timeout, so nothing waits past it. A call cut this way fails as a dependency that is
 * unavailable: the stream worker reports its record failed (the stream delivers it again), a
 * scheduled run leaves the rest to the next run.
 */
export const WORKER_RESERVE_MS = 1_500;
/** The last calls (none in the workers today) keep the routes' own reserve. */
const LAST_RESERVE_MS = 400;

/** Runs `work` with the budget of the invocation `context` (no context: no end, as in a script). */
export function withInvocationBudget<T>(context: Context | undefined, work: () => Promise<T>): Promise<T> {
  const end = Date.now() + (context?.getRemainingTimeInMillis?.() ?? Number.POSITIVE_INFINITY);
  return withBudget({ work: end - WORKER_RESERVE_MS, last: end - LAST_RESERVE_MS }, work);
}
