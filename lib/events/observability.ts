import type middy from '@middy/core';
import { logger } from '../logger';
import { flushMetrics, startMetrics } from '../metrics';

let coldStart = true;

/**
 * Log keys and metrics of every invocation of a worker, as Middy lifecycle hooks (the stream's,
 * the queue's and the scheduled workers'; lib/http/middleware/observability.ts for routes).
 * `keys` adds or replaces keys from the invocation's event (a schedule's execution id).
 */
export function workerObservability(
  name: string,
  keys: (event: unknown) => Record<string, unknown> = () => ({}),
): middy.PluginObject {
  return {
    requestStart: (request) => {
      logger.setRequestKeys({
        cold_start: coldStart,
        function_name: request.context?.functionName,
        function_request_id: request.context?.awsRequestId,
        correlation_id: request.context?.awsRequestId,
        ...keys(request.event),
      });
      coldStart = false;
      startMetrics();
    },
    requestEnd: () => flushMetrics(name),
  };
}
