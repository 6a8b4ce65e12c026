import { CORRELATION_HEADER, clientCorrelationId } from './correlation';
import { keepGrantAnswersPrivate } from './grant-privacy';
import { json } from './response';

const answer = json(200, { status: 'ok' });

/** The parts of the API Gateway event and Lambda context the answer reads. */
interface HealthEvent {
  headers?: Record<string, string | undefined>;
  queryStringParameters?: Record<string, string | undefined>;
  rawQueryString?: string;
  requestContext?: { requestId?: string };
}

/**
 * GET /health (load balancers, uptime checks): 200 `{"status":"ok"}` when the function runs.
 * Like the catch-all, no Middy, no token, no table, no setting: a fixed answer that costs what
 * a bare handler costs and says the API and its functions are up, not that DynamoDB is. It
 * echoes the correlation id as every route does (the client's when well-formed, else the API
 * Gateway request id), so an uptime check can be followed into the logs like any request.
 */
export const healthCheck = async (event?: HealthEvent, context?: { awsRequestId?: string }) => {
  const correlationId =
    clientCorrelationId(event?.headers) ?? event?.requestContext?.requestId ?? context?.awsRequestId;
  return keepGrantAnswersPrivate(event, {
    ...answer,
    headers: { ...answer.headers, ...(correlationId !== undefined && { [CORRELATION_HEADER]: correlationId }) },
  });
};
