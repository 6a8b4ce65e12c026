import { json } from './response';

const answer = json(200, { status: 'ok' });

/**
 * GET /health (load balancers, uptime checks): 200 `{"status":"ok"}` when the function runs.
 * Like the catch-all, no Middy, no token, no table, no setting: a fixed answer that costs what
 * a bare handler costs and says the API and its functions are up, not that DynamoDB is.
 */
export const healthCheck = async () => ({ ...answer, headers: { ...answer.headers } });
