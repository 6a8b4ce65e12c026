import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

export type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

const loaded = new Map<string, Promise<Handler>>();

/**
 * The same handler module the Lambda runs (functions/<fn>.ts), loaded on first use.
 * The environment must be set before the first load: config is read at module scope.
 */
export function loadHandler(fn: string): Promise<Handler> {
  let handler = loaded.get(fn);
  if (!handler) {
    handler = import(`../../functions/${fn}.ts`).then((m: { handler: Handler }) => m.handler);
    loaded.set(fn, handler);
  }
  return handler;
}
