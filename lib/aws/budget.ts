import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The time budget of the request being served, and what its AWS calls leave unknown.
 *
 * Every AWS client is made with `clientSettings` (a bounded number of attempts, each with a
 * connection and a request timeout) and adds `budgetMiddleware`, so every call:
 * - is aborted when the request's budget runs out (an AbortSignal derived from the Lambda
 *   context's remaining time, see lib/http/middleware/budget.ts), and then fails as an
 *   `AbortError`, which lib/aws/errors.ts reads as a dependency that is unavailable (503), never a hang;
 * - records a write attempt that got no answer (a timeout, a reset connection, an abort):
 *   the write may have been applied or not, and the request's answer must say so.
 *
 * The workers (lib/events/) run each invocation in a budget too. Outside one (scripts, unit
 * tests) the calls keep their per-attempt timeouts and nothing is recorded.
 */

/** One attempt, then two retries (the SDK's jittered backoff between them). */
const MAX_ATTEMPTS = 3;
/** A TCP connection to an AWS endpoint is made in milliseconds; one that takes a second is not coming. */
const CONNECTION_TIMEOUT_MS = 1_000;

/**
 * The settings every SDK client is made with. `requestTimeoutMs` bounds one attempt's wait
 * for the first byte and every pause after (a socket idle timeout, so a large upload that
 * keeps sending is not cut).
 */
export const clientSettings = (requestTimeoutMs: number) => ({
  maxAttempts: MAX_ATTEMPTS,
  requestHandler: {
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    requestTimeout: requestTimeoutMs,
    // Without it the handler only logs a warning when the timeout passes and keeps waiting.
    throwOnRequestTimeout: true,
  },
});

/**
 * A write the request's first DynamoDB effect must carry, in the same transaction: the
 * idempotency layer sets it while a request holds its key, so the effect and the key's
 * "applied" mark are one atomic step (lib/idempotency/idempotent-request.ts).
 */
export interface Fence {
  update: { pk: string; sk: string };
  /** An expression with its placeholders, as lib/aws/dynamodb.ts's `Expression`. */
  set: FenceExpression;
  condition: FenceExpression;
  /** The error to throw when the fence's condition fails (the key was taken over). */
  lost: () => Error;
}

interface FenceExpression {
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

/** The budget of the request being served: read and set through `budget()`. */
export interface Budget {
  /** Aborts every call once the request's own work is out of time. */
  signal: AbortSignal;
  /** Epoch ms by which the last calls (storing or releasing an idempotency key) must be done. */
  last: number;
  /** A write attempt got no answer: its outcome is unknown. */
  unanswered?: boolean;
  /** The request carries an idempotency key: a retry with it is safe whatever happened. */
  keyed?: boolean;
  /** The fence the request's next DynamoDB write must carry (set by the idempotency layer, cleared once it landed). */
  fence?: Fence;
}

const current = new AsyncLocalStorage<Budget>();

/** The current request's (or worker invocation's) budget, or undefined outside one (scripts, unit tests). */
export const budget = (): Budget | undefined => current.getStore();

/** A signal that aborts at `deadline` (epoch ms); without a Lambda context (Infinity), in 24 days (the timers' limit). */
const signalAt = (deadline: number): AbortSignal =>
  AbortSignal.timeout(Math.min(Math.max(0, deadline - Date.now()), 2 ** 31 - 1));

/** A call's own timeout `own`, or the current budget's end, whichever comes first (a fetch to Stripe, VIES, a node). */
export const withinBudget = (own: AbortSignal): AbortSignal => AbortSignal.any([own, budget()?.signal ?? own]);

/** Runs `work` with every AWS call it makes aborted at `work` (epoch ms); the last calls have until `last`. */
export const withBudget = <T>(deadlines: { work: number; last: number }, work: () => Promise<T>): Promise<T> =>
  current.run({ signal: signalAt(deadlines.work), last: deadlines.last }, work);

/**
 * Runs `work` (storing or releasing an idempotency key, after the request's own work) with
 * the time left until the last deadline and without the fence, so the bookkeeping of a
 * request whose work ran out of time still gets its short turn. Its own unanswered writes do
 * not change what the request's answer says.
 */
export function lastCalls<T>(work: () => Promise<T>): Promise<T> {
  const b = budget();
  return b ? current.run({ ...b, signal: signalAt(b.last), fence: undefined }, work) : work();
}

/**
 * Runs `work` (a write that must not carry the fence: an upload's intent record, written before
 * the effect) in the request's budget, without the fence; what its calls leave unknown stays
 * its own and does not change what the request's answer says.
 */
export function withoutFence<T>(work: () => Promise<T>): Promise<T> {
  const b = budget();
  return b ? current.run({ ...b, fence: undefined, unanswered: undefined }, work) : work();
}

/** Calls that read (or compute) and never change anything: an unanswered one leaves nothing unknown. */
const READ = /^(Get|BatchGet|Query|Translate)/;

interface AttemptError {
  code?: string;
  $metadata?: { httpStatusCode?: number };
}

/**
 * The middleware every client adds (see `bounded`). It sits inside the retry loop, so it
 * sees each attempt: an attempt of a write that ends without a definite refusal (a 4xx: a
 * throttle, a failed condition) and not before it was sent marks the outcome unknown.
 */
export const budgetMiddleware = [
  (next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: unknown) => {
    try {
      return await next(args);
    } catch (error) {
      const b = budget();
      const { code, $metadata } = error as AttemptError;
      const status = $metadata?.httpStatusCode ?? 0;
      // A 4xx refused the write; a refused connection never carried it.
      if (b && !READ.test(context.commandName ?? '') && (status < 400 || status > 499) && code !== 'ECONNREFUSED') {
        b.unanswered = true;
      }
      throw error;
    }
  },
  // Within the step, after (inside) the SDK's retry middleware.
  { step: 'finalizeRequest', priority: 'low' },
] as const;

interface SdkClient {
  send: (...args: never[]) => unknown;
  middlewareStack: { add: (middleware: never, options: never) => void };
}

/**
 * A client whose every `send` carries the request budget's signal and whose every attempt is
 * watched (`budgetMiddleware`). Each lib/aws module wraps its client once, where it makes it,
 * so no call can leave its budget out. A call made after the budget is spent is not sent; one
 * cut by it fails as an `AbortError` (503, lib/aws/errors.ts).
 */
export function bounded<C extends SdkClient>(client: C): C {
  client.middlewareStack.add(...(budgetMiddleware as unknown as [never, never]));
  // The class's own `send`, looked up on each call (a test may replace it after the client was made).
  const prototype = Object.getPrototypeOf(client) as { send: (command: unknown, options?: object) => Promise<unknown> };
  client.send = ((command: unknown, options?: object) =>
    prototype.send.call(client, command, { ...options, abortSignal: budget()?.signal })) as unknown as C['send'];
  return client;
}
