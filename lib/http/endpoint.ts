import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import type * as v from 'valibot';
import type { RuntimeRoute } from '../api/contract';
import type { RouteFn, RouteOf } from '../api/routes';
import type { Principal } from '../auth/claims';
import { assertConfigured } from '../config';
import { keepGrantAnswersPrivate } from './grant-privacy';
import { bearerAuth } from './middleware/auth';
import { budgetedExecution } from './middleware/budget';
import { cdnOriginCheck } from './middleware/cdn-origin';
import { type ErrorAnswer, errorMiddleware } from './middleware/errors';
import { observability } from './middleware/observability';
import { validateMiddleware } from './middleware/validate';
import { otherMethodsMiddleware } from './other-methods';
import { type HttpResponse, isReply, ok, type RawReply, type Reply } from './response';
import type { ApiEvent } from './types';

type AuthOf<R extends RuntimeRoute> = R['auth'] extends 'jwt' ? Principal : undefined;

export interface EndpointRequest<R extends RuntimeRoute> {
  input: v.InferOutput<R['input']>;
  /** The verified caller on authenticated routes (the route row says which). */
  auth: AuthOf<R>;
  /** The request's own facts, beside its input: what a read through an access grant logs (hashed). */
  client: Client;
}

/** From API Gateway's `requestContext.http`: the method, the caller's address and its user agent. */
export interface Client {
  method: string;
  sourceIp: string;
  userAgent: string;
}

const clientOf = (event: ApiEvent): Client => {
  const http = event.requestContext?.http;
  return { method: http?.method ?? 'GET', sourceIp: http?.sourceIp ?? '', userAgent: http?.userAgent ?? '' };
};

/**
 * The body the row's response schema promises (its docs half, lib/api/docs.ts), by the row's
 * fn in the route table. A row outside the table (a test's) promises nothing in particular.
 */
export type ResponseBody<R extends RuntimeRoute> = R['fn'] extends RouteFn
  ? v.InferOutput<RouteOf<R['fn']>['response']>
  : unknown;

/**
 * What an endpoint's function answers: the row's response body (sent as a JSON 200), or
 * `ok(body, headers)` when the 200 carries headers, or `okJsonText` for stored JSON sent as
 * its exact bytes. A body that drifts from the row's response schema fails `tsc` here.
 */
export type Answer<R extends RuntimeRoute> = ResponseBody<R> | Reply<ResponseBody<R>> | RawReply;

export type Run<R extends RuntimeRoute> = (request: EndpointRequest<R>) => Promise<Answer<R>>;

/**
 * The names of fields an answer T has that the response shape S lacks, at any depth (the
 * schemas are strict: such a field would fail the contract), or never. The compiler's own
 * check lets an extra field through a function's return; this catches it.
 */
/** Every key of any member of a union (`keyof` of a union names only the keys all members share). */
type AllKeys<S> = S extends unknown ? keyof S : never;
/** The type of key K in whichever members of a union have it. */
type ValueOf<S, K> = S extends unknown ? (K extends keyof S ? S[K] : never) : never;

type Extra<T, S> = T extends readonly (infer E)[]
  ? S extends readonly (infer F)[]
    ? Extra<E, F>
    : never
  : T extends object
    ? [S] extends [object]
      ? { [K in keyof T]-?: K extends AllKeys<S> ? Extra<T[K], ValueOf<S, K>> : K }[keyof T]
      : never
    : never;

/** The answer of a run function, its body when it is a Reply. */
type BodyOf<A> = A extends RawReply ? never : A extends Reply<infer T> ? T : A;

/**
 * A run function whose answer has no field the row's response lacks; otherwise a type that
 * names them, so the handler fails `tsc` with the names in the message.
 */
export type Exact<R extends RuntimeRoute, F extends Run<R>> = [
  Extra<BodyOf<Awaited<ReturnType<F>>>, ResponseBody<R>>,
] extends [never]
  ? F
  : { readonly 'fields the response schema lacks': Extra<BodyOf<Awaited<ReturnType<F>>>, ResponseBody<R>> };

export type Handler = middy.MiddyfiedHandler<ApiEvent, HttpResponse, Error, Context>;

/** The middleware a kind of row adds to the common stack. */
export interface Parts {
  auth?: middy.MiddlewareObj<ApiEvent>;
  /**
   * What a public row does last to any answer (lib/http/grant-privacy.ts): a request carrying a grant's
   * `access` is never answered cacheable. Passed by the public entry points only: an authenticated row
   * takes no `access` (a 400) and the CDN caches none of them, so its bundle does not carry it.
   */
  privacy?: typeof keepGrantAnswersPrivate;
  body?: middy.MiddlewareObj<ApiEvent>;
  idempotency?: (route: string) => middy.MiddlewareObj<ApiEvent, HttpResponse>;
  /** How errors are sent where not as JSON alone (the HTML routes: lib/http/page-endpoint.ts). */
  errorAnswer?: ErrorAnswer;
  /**
   * HEAD and OPTIONS of a row's `alsoAnswers`, which only GET rows have: passed by the entry
   * points of rows without a body, so no other function bundles it.
   */
  otherMethods?: typeof otherMethodsMiddleware;
}

/**
 * The one place Middy is composed. Around everything, the observability hooks (log keys and
 * correlation id from the first line, metrics flushed once at the end), and last of all the
 * privacy of grant requests (lib/http/grant-privacy.ts). Order: errors
 * (registered first, so it sees every error, and maps each domain error to the row's status),
 * the CDN origin check (when the CDN is on), auth (before any parsing), body parsing, validation, idempotency (it needs the caller and
 * the validated input), then the endpoint's own function.
 */
export function compose<R extends RuntimeRoute>(route: R, run: Run<R>, parts: Parts): Handler {
  // Fail at cold start, naming every missing setting the function's modules declared.
  assertConfigured();
  const hooks = observability(route.fn);
  // The request's time budget covers every step (lib/http/middleware/budget.ts), long before Middy's early timeout.
  const handler = middy<ApiEvent, HttpResponse>({
    ...hooks,
    // After everything, whatever answered (the function, an error, OPTIONS): a grant request's answer is never cached.
    requestEnd: (request) => {
      if (request.response) parts.privacy?.(request.event as ApiEvent, request.response as HttpResponse);
      return hooks.requestEnd?.(request);
    },
    executionMode: budgetedExecution,
  });
  // First, so OPTIONS is answered before anything runs and HEAD's body is dropped last.
  if (route.alsoAnswers?.length && parts.otherMethods) handler.use(parts.otherMethods(route));
  handler.use(errorMiddleware(route.errors, route.failurePrefix, parts.errorAnswer));
  // With the CDN on, only the CDN is answered (a setting: lib/http/middleware/cdn-origin.ts).
  handler.use(cdnOriginCheck());
  if (parts.auth) handler.use(parts.auth);
  if (parts.body) handler.use(parts.body);
  handler.use(validateMiddleware(route.input));
  if (parts.idempotency) handler.use(parts.idempotency(route.fn));
  return handler.handler(async (event) => {
    const answer = await run({
      input: event.input as v.InferOutput<R['input']>,
      auth: event.auth as AuthOf<R>,
      client: clientOf(event),
    });
    return isReply(answer) ? answer : ok(answer);
  });
}

/*
 * Per kind of row, one entry point, so a function bundles only the middleware its row needs
 * and its config declares only the settings those need: a public function never loads the
 * token verifier (so it starts without JWT_PUBLIC_KEYS), only upload routes carry the
 * multipart parser (busboy), only idempotent routes the idempotency store. The row says its
 * kind (`auth`, `body`, `idempotent`); each entry point accepts only rows of its kind, so a
 * handler that picks another kind than its row's fails `tsc` (test/component/http/endpoint.test.ts).
 *
 * Why not one `endpoint(row)` that reads the row: a row's fields are values at run time, so
 * esbuild cannot drop the branches (and their imports) a row does not take. Per-function
 * esbuild `define` constants could, but every bundler of the functions (the CDK stack, the
 * bench, the local runner) would have to pass them, and a function bundled without them would
 * silently carry everything; a wrong kind here is a compile error instead.
 */

export type Kind<Auth extends RuntimeRoute['auth'], Body extends RuntimeRoute['body'], Idempotent extends boolean> = {
  readonly auth: Auth;
  readonly body?: Body;
  readonly idempotent?: Idempotent;
};

/** A public row without a body. */
export const publicEndpoint = <R extends RuntimeRoute & Kind<'public', undefined, false>, F extends Run<R>>(
  route: R,
  run: F & Exact<R, F>,
) => compose(route, run, { otherMethods: otherMethodsMiddleware, privacy: keepGrantAnswersPrivate });

/** A jwt row without a body. */
export const jwtEndpoint = <R extends RuntimeRoute & Kind<'jwt', undefined, false>, F extends Run<R>>(
  route: R,
  run: F & Exact<R, F>,
) => compose(route, run, { auth: bearerAuth(), otherMethods: otherMethodsMiddleware });
