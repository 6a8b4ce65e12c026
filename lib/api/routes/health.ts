import * as v from 'valibot';
import { defineRoute } from '../contract';

/** For load balancers and uptime checks: a fixed answer, like the catch-all's (lib/http/health.ts). */
export const healthRoute = defineRoute({
  method: 'GET',
  path: '/health',
  fn: 'health',
  auth: 'public',
  access: {},
  tag: 'Health',
  summary: 'Health check: 200 `{"status":"ok"}`',
  description:
    'Public, for load balancers and uptime checks: answers 200 `{"status":"ok"}` whenever the API and its ' +
    'functions are up, without a token and without reading the table (it says nothing of DynamoDB).',
  input: v.object({}),
  response: v.strictObject({ status: v.literal('ok') }),
  errors: {},
});
