import { healthCheck } from '../lib/http/health';

/** No Middy, no token, no table: a fixed answer costs what a bare handler costs (like not-found). */
export const handler = healthCheck;
