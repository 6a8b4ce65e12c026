import type { ErrorMap, ErrorStatuses } from '../../../lib/api/contract';
import { errorMiddleware } from '../../../lib/http/middleware/errors';

/**
 * What a route answers when `error` is thrown in it: the one error middleware run with the
 * row's `errors` map, without a handler. For lib tests that need the status of a domain
 * error on a given route (a missing DPP is 404 on one route and 406 on another). Takes a
 * row's runtime statuses or its documented error map.
 */
export async function answerFor(errors: ErrorMap | ErrorStatuses, error: unknown) {
  const statuses = Object.fromEntries(
    Object.entries(errors).map(([kind, value]) => [kind, typeof value === 'number' ? value : value?.status]),
  ) as ErrorStatuses;
  type OnError = NonNullable<ReturnType<typeof errorMiddleware>['onError']>;
  const request = {
    event: {},
    context: {},
    response: undefined,
    error,
    internal: {},
  } as unknown as Parameters<OnError>[0];
  await errorMiddleware(statuses).onError!(request);
  const response = request.response as { statusCode: number; headers?: Record<string, string>; body: string };
  return {
    status: response.statusCode,
    headers: response.headers ?? {},
    text: response.body,
    json: JSON.parse(response.body),
  };
}
