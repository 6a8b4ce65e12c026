import * as v from 'valibot';
import { defineRoute } from '../contract';

/** The catch-all: API Gateway's own 404 has another shape than decisions.md's. */
export const notFoundRoute = defineRoute({
  method: 'ANY',
  path: '$default',
  fn: 'not-found',
  auth: 'public',
  access: {},
  tag: 'Catch-all',
  summary: 'Any unknown route: 404 `{"error":"Not Found"}` (API Gateway\'s own answer has another shape)',
  input: v.object({}),
  status: 404,
  response: v.strictObject({ error: v.literal('Not Found') }),
  errors: {},
});
