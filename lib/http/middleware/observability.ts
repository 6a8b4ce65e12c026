import type middy from '@middy/core';
import { xrayTraceHeader } from '../../config';
import { logger } from '../../logger';
import { flushMetrics, startMetrics } from '../../metrics';
import { CORRELATION_HEADER, clientCorrelationId } from '../correlation';
import type { HttpResponse } from '../response';
import type { ApiEvent } from '../types';

/** The Root of the invocation's X-Ray trace header (the runtime's per-invocation store first, as Powertools does). */
function xrayTraceId(): string | undefined {
  const runtime = globalThis as { awslambda?: { InvokeStore?: { getXRayTraceId?: () => string | undefined } } };
  const header = runtime.awslambda?.InvokeStore?.getXRayTraceId?.() ?? xrayTraceHeader();
  if (!header) return undefined;
  return /(?:^|;)Root=([^;]+)/.exec(header)?.[1] ?? header;
}

let coldStart = true;

/**
 * Logging context and metrics of every invocation, as Middy lifecycle hooks rather than a
 * middleware: `requestStart` runs before the first middleware (so even the error
 * middleware's lines carry the request's ids) and `requestEnd` after everything, also
 * after a middleware answered early (an idempotent replay skips every `after` in Middy 7)
 * and after an error. Neither hook throws.
 *
 * Correlation: every log line carries `api_request_id` (API Gateway's
 * `requestContext.requestId`, always, and unforgeable) and `correlation_id`: the client's
 * `x-correlation-id` when it is well-formed, so a caller can follow one operation across its
 * own services and retries; otherwise the API Gateway request id. The response echoes the
 * `correlation_id` in `x-correlation-id`.
 */
export function observability(route: string): middy.PluginObject {
  return {
    requestStart: (request) => {
      const event = request.event as Partial<ApiEvent> | undefined;
      const apiRequestId = event?.requestContext?.requestId;
      const correlationId = clientCorrelationId(event?.headers) ?? apiRequestId ?? request.context?.awsRequestId;
      (request.internal as { correlationId?: string }).correlationId = correlationId;
      const traceId = xrayTraceId();
      logger.setRequestKeys({
        cold_start: coldStart,
        function_name: request.context?.functionName,
        function_request_id: request.context?.awsRequestId,
        correlation_id: correlationId,
        ...(apiRequestId !== undefined && { api_request_id: apiRequestId }),
        ...(traceId !== undefined && { xray_trace_id: traceId }),
      });
      coldStart = false;
      startMetrics();
    },
    requestEnd: (request) => {
      const response = request.response as HttpResponse | undefined;
      const { correlationId } = request.internal as { correlationId?: string };
      if (response && typeof response === 'object' && correlationId !== undefined) {
        response.headers = { ...response.headers, [CORRELATION_HEADER]: correlationId };
      }
      flushMetrics(route);
    },
  };
}
