import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { runAs } from './iam/runtime';

export type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

const loaded = new Map<string, Promise<Handler>>();

/**
 * The same handler module the Lambda runs (functions/<fn>.ts), loaded on first use, run as
 * that function: its AWS calls are signed with its own key (infra/local/iam/runtime.ts).
 * The environment must be set before the first load: config is read at module scope.
 */
export function loadHandler(fn: string): Promise<Handler> {
  let handler = loaded.get(fn);
  if (!handler) {
    handler = import(`../../functions/${fn}.ts`).then(
      (m: { handler: Handler }): Handler =>
        (event, context) =>
          runAs(fn, () => m.handler(event, context)),
    );
    loaded.set(fn, handler);
  }
  return handler;
}
