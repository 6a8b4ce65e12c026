/**
 * Each local function in its own execution environment, as Lambda runs it: a worker thread
 * (node:worker_threads) started on the function's first invocation and kept warm, which loads
 * the function's bundle (bundles.ts) with exactly its own settings as process.env
 * (environment.ts) and its own credentials. Invocations reach it as messages; several may be
 * in flight at once (the local server does not queue them as Lambda would spread them over
 * several environments). A worker that dies is started again on the next invocation.
 */

import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** The part of Lambda's context that crosses to the worker (its methods are rebuilt there). */
export interface InvocationContext {
  functionName: string;
  awsRequestId: string;
  invokedFunctionArn: string;
  memoryLimitInMB: string;
  logGroupName: string;
  logStreamName: string;
  remainingMs: number;
}

/** What of a Lambda context crosses to a function's worker: its fields, and the time it has left. */
export const invocationContext = (
  context: Omit<InvocationContext, 'remainingMs'> & { getRemainingTimeInMillis(): number },
): InvocationContext => ({
  functionName: context.functionName,
  awsRequestId: context.awsRequestId,
  invokedFunctionArn: context.invokedFunctionArn,
  memoryLimitInMB: context.memoryLimitInMB,
  logGroupName: context.logGroupName,
  logStreamName: context.logStreamName,
  remainingMs: context.getRemainingTimeInMillis(),
});

// CommonJS, evaluated in the worker: loads the bundle, then answers each invocation message.
const BOOTSTRAP = `
const { parentPort, workerData } = require('node:worker_threads');
process.setSourceMapsEnabled(true);
const loaded = import(workerData.bundle).then((m) => m.handler);
parentPort.on('message', async ({ id, event, context }) => {
  try {
    const handler = await loaded;
    const deadline = Date.now() + context.remainingMs;
    const result = await handler(event, {
      ...context,
      callbackWaitsForEmptyEventLoop: true,
      functionVersion: '$LATEST',
      getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
      done() {}, fail() {}, succeed() {},
    });
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: { name: error?.name, message: error?.message ?? String(error), stack: error?.stack } });
  }
});
`;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

class Environment {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private next = 0;
  dead = false;

  constructor(fn: string, bundle: string, env: Record<string, string>) {
    this.worker = new Worker(BOOTSTRAP, {
      eval: true,
      env,
      execArgv: [],
      workerData: { bundle: pathToFileURL(bundle).href },
      name: fn,
    });
    this.worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: Error }) => {
      const waiting = this.pending.get(id);
      this.pending.delete(id);
      if (!waiting) return;
      if (error) waiting.reject(Object.assign(new Error(error.message), { name: error.name, stack: error.stack }));
      else waiting.resolve(result);
    });
    const fail = (error: Error) => {
      this.dead = true;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the execution environment of ${fn} exited (${code})`)));
  }

  invoke(event: unknown, context: InvocationContext): Promise<unknown> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, event, context });
    });
  }

  stop(): Promise<number> {
    this.dead = true;
    return this.worker.terminate();
  }
}

export interface FunctionRuntimesOptions {
  /** Each function's bundle. */
  bundles: ReadonlyMap<string, string>;
  /** Each function's whole environment, asked for when its worker starts. */
  environmentOf: (fn: string) => Record<string, string>;
}

export class FunctionRuntimes {
  private readonly environments = new Map<string, Environment>();
  /** When each function's worker started, and how long its first invocation took (ms). */
  readonly coldStarts = new Map<string, number>();

  constructor(private readonly options: FunctionRuntimesOptions) {}

  has(fn: string): boolean {
    return this.options.bundles.has(fn);
  }

  async invoke(fn: string, event: unknown, context: InvocationContext): Promise<unknown> {
    let environment = this.environments.get(fn);
    const cold = !environment || environment.dead;
    if (!environment || environment.dead) {
      const bundle = this.options.bundles.get(fn);
      if (!bundle) throw new Error(`No bundle for the function ${fn}`);
      environment = new Environment(fn, bundle, this.options.environmentOf(fn));
      this.environments.set(fn, environment);
    }
    const started = Date.now();
    const result = await environment.invoke(event, context);
    if (cold) this.coldStarts.set(fn, Date.now() - started);
    return result;
  }

  async stop(): Promise<void> {
    await Promise.allSettled([...this.environments.values()].map((environment) => environment.stop()));
    this.environments.clear();
  }
}
