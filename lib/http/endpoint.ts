import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import type * as v from 'valibot';
import type { Route } from '../api/contract';
import type { Principal } from '../auth/claims';
import { assertConfigured } from '../config';
import { logger } from '../logger';
import { authMiddleware } from './middleware/auth';
import { errorMiddleware } from './middleware/errors';
import { validateMiddleware } from './middleware/validate';
import type { HttpResponse } from './response';
import type { ApiEvent } from './types';

type AuthOf<R extends Route> = R['auth'] extends 'jwt' ? Principal : undefined;

export interface EndpointRequest<R extends Route> {
  input: v.InferOutput<R['input']>;
  /** The verified caller on authenticated routes (the route row says which). */
  auth: AuthOf<R>;
}

/**
 * The one place Middy is composed, from the route row. Order: errors (registered first,
 * so it sees every error, and maps each domain error to the row's status), logging
 * context, auth (only on `jwt` rows, before any parsing), body parsing, validation, then
 * the endpoint's own function.
 *
 * The body parser is passed by the handler (`multipartBody()` or `jsonBody()`), so a
 * function bundles only the parser it uses; it must match the row's `body`.
 */
export function endpoint<R extends Route>(
  route: R,
  run: (request: EndpointRequest<R>) => Promise<HttpResponse>,
  bodyParser?: middy.MiddlewareObj<ApiEvent>,
): middy.MiddyfiedHandler<ApiEvent, HttpResponse, Error, Context> {
  // Fail at cold start, naming every missing setting the function's modules declared.
  assertConfigured();
  if ((route.body === undefined) !== (bodyParser === undefined)) {
    throw new Error(
      `${route.fn}: the route row says body "${route.body ?? 'none'}" but the handler passes ${bodyParser ? 'a' : 'no'} parser`,
    );
  }
  const handler = middy<ApiEvent, HttpResponse>()
    .use(errorMiddleware(route.errors))
    .use(injectLambdaContext(logger, { resetKeys: true }));
  if (route.auth === 'jwt') handler.use(authMiddleware());
  if (bodyParser) handler.use(bodyParser);
  handler.use(validateMiddleware(route.input));

  return handler.handler(async (event) =>
    run({ input: event.input as v.InferOutput<R['input']>, auth: event.auth as AuthOf<R> }),
  );
}
