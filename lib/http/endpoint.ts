import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import type { z } from 'zod';
import { type RouteFn, type RouteOf, routes } from '../../infra/routes';
import type { Principal } from '../auth/claims';
import { logger } from './logger';
import { authMiddleware } from './middleware/auth';
import { errorMiddleware } from './middleware/errors';
import { validateMiddleware } from './middleware/validate';
import type { HttpResponse } from './response';
import type { ApiEvent } from './types';

type AuthOf<F extends RouteFn> = RouteOf<F>['auth'] extends 'jwt' ? Principal : undefined;

export interface EndpointOptions<S extends z.ZodType> {
  /** The body parser (`multipartBody()` or `jsonBody()`); omit for endpoints without a body. */
  body?: middy.MiddlewareObj<ApiEvent>;
  /** Schema over `{ params, query, headers, body }` (see RawInput). */
  input: S;
}

export interface EndpointRequest<F extends RouteFn, S extends z.ZodType> {
  input: z.infer<S>;
  /** The verified caller on authenticated routes (the route table says which). */
  auth: AuthOf<F>;
}

/**
 * The one place Middy is composed. Order: errors (registered first, so it sees every
 * error), logging context, auth (from the route table, before any parsing),
 * body parsing, validation, then the endpoint's own function.
 */
export function endpoint<F extends RouteFn, S extends z.ZodType>(
  fn: F,
  options: EndpointOptions<S>,
  run: (request: EndpointRequest<F, S>) => Promise<HttpResponse>,
): middy.MiddyfiedHandler<ApiEvent, HttpResponse, Error, Context> {
  const route = routes.find((r) => r.fn === fn);
  if (!route) throw new Error(`No route for function ${fn} in infra/routes.ts`);

  const handler = middy<ApiEvent, HttpResponse>()
    .use(errorMiddleware())
    .use(injectLambdaContext(logger, { resetKeys: true }));
  if (route.auth === 'jwt') handler.use(authMiddleware());
  if (options.body) handler.use(options.body);
  handler.use(validateMiddleware(options.input));

  return handler.handler(async (event) =>
    run({ input: event.input as z.infer<S>, auth: event.auth as AuthOf<F> }),
  );
}
