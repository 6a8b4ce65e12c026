import * as v from 'valibot';
import { defineRoute } from '../contract';
import { describeRoute } from '../docs';

/**
 * For load balancers and uptime checks: a fixed answer, like the catch-all's (lib/http/health.ts).
 * The one row that reads no input, so it refuses none: it changes nothing whatever is sent, and
 * uptime checkers add cache-busting query parameters that a 400 would turn into an outage.
 */
export const healthRoute = defineRoute({
  method: 'GET',
  path: '/health',
  fn: 'health',
  auth: 'public',
  access: {},
  input: v.object({}),
  errors: {},
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const healthDocs = /* @__PURE__ */ describeRoute(healthRoute, () => ({
  tag: 'Health',
  summary: 'Health check: 200 `{"status":"ok"}`',
  description:
    'Public, for load balancers and uptime checks: answers 200 `{"status":"ok"}` whenever the API and its ' +
    'functions are up, without a token and without reading the table (it says nothing of DynamoDB).',
  response: v.strictObject({ status: v.literal('ok') }),
  errors: {},
  example: {
    status: 200,
  },
}));
