import * as v from 'valibot';
import { defineRoute } from '../contract';
import { describeRoute } from '../docs';
import { HTML_NOT_FOUND } from '../html-errors';

/** The catch-all: API Gateway's own 404 has another shape than docs/spec/decisions.md's. */
export const notFoundRoute = defineRoute({
  method: 'ANY',
  path: '$default',
  fn: 'not-found',
  auth: 'public',
  access: {},
  input: v.object({}),
  errors: {},
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const notFoundDocs = /* @__PURE__ */ describeRoute(notFoundRoute, () => ({
  tag: 'Catch-all',
  summary:
    'Any unknown route: 404 `{"error":"Not Found"}` (API Gateway\'s own answer has another shape); a browser gets an HTML page',
  status: 404,
  response: v.strictObject({ error: v.literal('Not Found') }),
  answers: HTML_NOT_FOUND,
  errors: {},
  example: {
    request: { method: 'GET', path: '/no-such-route' },
    status: 404,
  },
}));
