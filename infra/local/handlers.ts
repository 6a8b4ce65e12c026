import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { runAs } from './iam/runtime';
import { type FunctionRuntimes, invocationContext } from './runtime/functions';

export type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** Any function's handler: a route's, or a worker's with its trigger's event. */
export type AnyHandler = (event: never, context: Context) => Promise<unknown>;

const loaded = new Map<string, Promise<AnyHandler>>();
let runtimes: FunctionRuntimes | undefined;

/**
 * Where functions run from now on: each in its own execution environment (a worker thread with
 * its bundle and its own settings: infra/local/runtime), or, with none, in this process.
 */
export function useFunctionRuntimes(next: FunctionRuntimes | undefined): void {
  runtimes = next;
  loaded.clear();
}

/**
 * A function's handler, as the local stack runs it: in its own execution environment when the
 * stack runs them (infra/local/runtime/functions.ts); otherwise the same handler module the
 * Lambda runs (functions/<fn>.ts) loaded in this process on first use and run as that function
 * (its AWS calls signed with its own key: infra/local/iam/runtime.ts). In this process, the
 * environment must be set before the first load: config is read at module scope.
 */
export function loadFunction<H extends AnyHandler = AnyHandler>(fn: string): Promise<H> {
  let handler = loaded.get(fn);
  if (!handler) {
    const current = runtimes;
    handler = current?.has(fn)
      ? Promise.resolve<AnyHandler>((event, context) => current.invoke(fn, event, invocationContext(context)))
      : import(`../../functions/${fn}.ts`).then(
          (m: { handler: AnyHandler }): AnyHandler =>
            (event, context) =>
              runAs(fn, () => m.handler(event, context)),
        );
    loaded.set(fn, handler);
  }
  return handler as Promise<H>;
}

/** A route's handler (loadFunction). */
export const loadHandler = (fn: string): Promise<Handler> => loadFunction<Handler>(fn);
