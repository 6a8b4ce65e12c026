import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The time budget of the request being served, and what its AWS calls leave unknown.
 *
 * Every AWS client is made with `clientSettings` (a bounded number of attempts, each with a
 * connection and a request timeout) and adds `budgetMiddleware`, so every call:
 * - is aborted when the request's budget runs out (an AbortSignal derived from the Lambda
 *   context's remaining time, see lib/http/endpoint.ts), and then fails as a `TimeoutError`,
 *   which lib/aws/errors.ts reads as a dependency that is unavailable (503), never a hang;
 * - records a write attempt that got no answer (a timeout, a reset connection, an abort):
 *   the write may have been applied or not, and the request's answer must say so.
 *
 * Outside a budget (scripts, the stream worker, unit tests) the calls keep their per-attempt
 * timeouts and nothing is recorded.
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

interface Budget {
  /** Aborts every call once the request's own work is out of time. */
  signal: AbortSignal;
  /** Epoch ms by which the last calls (storing or releasing a key) must be done. */
  lastDeadline: number;
  /** A write attempt got no answer: its outcome is unknown. */
  unanswered: boolean;
  /** The request holds an idempotency key: a retry with it is safe whatever happened. */
  keyed: boolean;
  fence?: Fence;
}

const current = new AsyncLocalStorage<Budget>();

/** Epoch milliseconds: when the request's work must stop, and when its last calls must. */
export interface Deadlines {
  work: number;
  last: number;
}

/** A signal that aborts at `deadline` (epoch ms), or never when it is not finite (no Lambda context). */
const signalAt = (deadline: number): AbortSignal =>
  Number.isFinite(deadline) ? AbortSignal.timeout(Math.max(0, deadline - Date.now())) : new AbortController().signal;

/** Runs `work` with every AWS call it makes aborted at `deadlines.work`. */
export function withBudget<T>(deadlines: Deadlines, work: () => Promise<T>): Promise<T> {
  const signal = signalAt(deadlines.work);
  return current.run({ signal, lastDeadline: deadlines.last, unanswered: false, keyed: false }, work);
}

/**
 * Runs `work` (storing or releasing an idempotency key, after the request's own work) with
 * the time left until the last deadline and without the fence, so the bookkeeping of a
 * request whose work ran out of time still gets its short turn.
 */
export function lastCalls<T>(work: () => Promise<T>): Promise<T> {
  const budget = current.getStore();
  if (!budget) return work();
  const signal = signalAt(budget.lastDeadline);
  // The last calls' own unanswered writes do not change what the request's answer says.
  return current.run({ ...budget, signal, fence: undefined }, work);
}

/** The request holds an idempotency key (set by the idempotency layer once it claimed it). */
export function markKeyed(): void {
  const budget = current.getStore();
  if (budget) budget.keyed = true;
}

/** Epoch ms after which the request makes no more calls, if it runs within a budget. */
export const requestDeadline = (): number | undefined => current.getStore()?.lastDeadline;

/**
 * A view of the current request's budget that can be read from outside it (a timer): whether
 * a write got no answer and whether the request carries an idempotency key.
 */
export function budgetView(): () => { unknown: boolean; keyed: boolean } {
  const budget = current.getStore();
  return () => ({ unknown: budget?.unanswered ?? false, keyed: budget?.keyed ?? false });
}

/** Whether the request holds an idempotency key. */
export const isKeyed = (): boolean => current.getStore()?.keyed ?? false;

/** Whether a write of this request was sent and never answered: it may or may not have been applied. */
export const outcomeUnknown = (): boolean => current.getStore()?.unanswered ?? false;

/** Marks the request's writes as fenced by an idempotency key until the first one lands. */
export function setFence(fence: Fence | undefined): void {
  const budget = current.getStore();
  if (budget) budget.fence = fence;
}

/** The fence the next DynamoDB write must carry, if any. */
export const pendingFence = (): Fence | undefined => current.getStore()?.fence;

/** The fence landed with a write: later writes of the request need not carry it. */
export function fenceLanded(): void {
  const budget = current.getStore();
  if (budget) budget.fence = undefined;
}

/** Calls that read (or compute) and never change anything: an unanswered one leaves nothing unknown. */
const READ = /^(Get|BatchGet|Query|Scan|List|Head|Describe|TransactGet|Translate)/;

/** Errors that mean the request never left: the write was not applied. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

interface AttemptError {
  name?: string;
  code?: string;
  $response?: unknown;
  $metadata?: { httpStatusCode?: number };
}

/** The service answered, and the answer says the write was refused (a 4xx: a throttle, a failed condition). */
const refused = (error: AttemptError) => {
  const status = error.$metadata?.httpStatusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
};

type Next = (args: unknown) => Promise<unknown>;
type Context = { commandName?: string };

/**
 * The middleware every client adds (`client.middlewareStack.add(...budgetMiddleware)`). It
 * sits inside the retry loop, so it sees each attempt: an attempt of a write that ends
 * without a definite refusal marks the outcome unknown.
 */
export const budgetMiddleware = [
  (next: Next, context: Context) => async (args: unknown) => {
    try {
      return await next(args);
    } catch (error) {
      const budget = current.getStore();
      const e = error as AttemptError;
      if (budget && !READ.test(context.commandName ?? '') && !refused(e) && !NOT_SENT.has(e.code ?? '')) {
        budget.unanswered = true;
      }
      throw error;
    }
  },
  { step: 'finalizeRequest', priority: 'low', name: 'requestBudget' },
] as const;

/**
 * The options of one `send`: the budget's signal. A call made after the budget is spent
 * fails at once; one cut by it fails as a `TimeoutError` (503, lib/aws/errors.ts).
 */
export function sendOptions(): { abortSignal?: AbortSignal } | undefined {
  const budget = current.getStore();
  if (!budget) return undefined;
  if (budget.signal.aborted) throw outOfTime();
  return { abortSignal: budget.signal };
}

/** Rethrows an error of a call the budget cut as a `TimeoutError`; any other error as it is. */
export function budgetError(error: unknown): unknown {
  const budget = current.getStore();
  return budget?.signal.aborted ? outOfTime(error) : error;
}

const outOfTime = (cause?: unknown) =>
  Object.assign(new Error('The request ran out of time for its AWS calls', { cause }), { name: 'TimeoutError' });

/**
 * Runs one SDK call within the request's budget: `call((options) => client.send(command, options))`,
 * the one way lib/aws sends.
 */
export async function call<T>(send: (options?: { abortSignal?: AbortSignal }) => Promise<T>): Promise<T> {
  const options = sendOptions();
  try {
    return await send(options);
  } catch (error) {
    throw budgetError(error);
  }
}

interface SdkClient {
  send: (...args: never[]) => unknown;
  middlewareStack: { add: (middleware: never, options: never) => void };
}

/**
 * A client whose every `send` runs within the request's budget (`call`) and whose every
 * attempt is watched (`budgetMiddleware`). Each lib/aws module wraps its client once, where
 * it makes it, so no call can leave out its budget.
 */
export function bounded<C extends SdkClient>(client: C): C {
  client.middlewareStack.add(...(budgetMiddleware as unknown as [never, never]));
  // The class's own `send`, looked up on each call (a test may replace it after the client was made).
  const prototype = Object.getPrototypeOf(client) as { send: (command: unknown, options?: object) => Promise<unknown> };
  client.send = ((command: unknown, options?: object) =>
    call((budget) => prototype.send.call(client, command, { ...options, ...budget }))) as unknown as C['send'];
  return client;
}
