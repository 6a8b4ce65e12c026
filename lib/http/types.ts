import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Principal } from '../auth/claims';

/** The API Gateway v2 event, plus what our middlewares add to it. */
export type ApiEvent = Omit<APIGatewayProxyEventV2, 'body'> & {
  body?: unknown;
  auth?: Principal;
  input?: unknown;
};
