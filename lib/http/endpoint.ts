import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import type * as v from 'valibot';
import type { Route } from '../api/contract';
import type { Principal } from '../auth/claims';
import { assertConfigured } from '../config';
import { errorMiddleware } from './middleware/errors';
import { observability } from './middleware/observability';
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
 * The parts of the stack a route needs beyond the common ones, passed by the handler so
 * a function bundles (and its config declares) only what it uses: a public function
 * never loads the token verifier, so it starts without `JWT_PUBLIC_KEYS`.
 */
export interface EndpointParts {
  /** `bearerAuth()`; present exactly when the row's `auth` is `jwt`. */
  auth?: middy.MiddlewareObj<ApiEvent>;
  /** `multipartBody()` or `jsonBody()`; present exactly when the row declares a `body`. */
  body?: middy.MiddlewareObj<ApiEvent>;
  /** `idempotency()` (lib/http/middleware/idempotency.ts); present exactly when the row is `idempotent`. */
  idempotency?: (route: string) => middy.MiddlewareObj<ApiEvent, HttpResponse>;
}

/**
 * The one place Middy is composed, from the route row. Around everything, the
 * observability hooks (log keys and correlation id from the first line, metrics flushed
 * once at the end). Order: errors (registered first, so it sees every error, and maps
 * each domain error to the row's status), auth (before any parsing), body parsing,
 * validation, idempotency (it needs the caller and the validated input), then the
 * endpoint's own function. The parts must match the row: a mismatch throws at cold start.
 */
export function endpoint<R extends Route>(
  route: R,
  run: (request: EndpointRequest<R>) => Promise<HttpResponse>,
  parts: EndpointParts = {},
): middy.MiddyfiedHandler<ApiEvent, HttpResponse, Error, Context> {
  // Fail at cold start, naming every missing setting the function's modules declared.
  assertConfigured();
  if ((route.body === undefined) !== (parts.body === undefined)) {
    throw new Error(
      `${route.fn}: the route row says body "${route.body ?? 'none'}" but the handler passes ${parts.body ? 'a' : 'no'} parser`,
    );
  }
  if ((route.auth === 'jwt') !== (parts.auth !== undefined)) {
    throw new Error(
      `${route.fn}: the route row says auth "${route.auth}" but the handler passes ${parts.auth ? 'an' : 'no'} auth middleware`,
    );
  }
  if ((route.idempotent === true) !== (parts.idempotency !== undefined)) {
    throw new Error(
      `${route.fn}: the route row says idempotent ${route.idempotent === true} but the handler passes ${parts.idempotency ? 'an' : 'no'} idempotency part`,
    );
  }
  const handler = middy<ApiEvent, HttpResponse>(observability(route.fn)).use(
    errorMiddleware(route.errors, route.failurePrefix),
  );
  if (parts.auth) handler.use(parts.auth);
  if (parts.body) handler.use(parts.body);
  handler.use(validateMiddleware(route.input));
  if (parts.idempotency) handler.use(parts.idempotency(route.fn));

  return handler.handler(async (event) =>
    run({ input: event.input as v.InferOutput<R['input']>, auth: event.auth as AuthOf<R> }),
  );
}
