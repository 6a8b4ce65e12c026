import type * as v from 'valibot';
import type { Access } from '../access';
import type { ErrorKind } from '../errors';

/**
 * The shape of a route row: everything the service promises about one endpoint.
 *
 * One row per endpoint (lib/api/routes/<fn>.ts) drives the function's Middy composition,
 * the CDK stack (function, route, environment, IAM grants), the local server, the sample
 * events, the README route table, the OpenAPI document (docs/openapi.json) and the
 * response checks of the integration tests. lib/ never imports infra/; infra imports this.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'ANY';

export type { Access } from '../access';

/** Every status a route can answer besides 200. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 406 | 409 | 413 | 422 | 503;

/** What one kind of domain error answers on a route, and what it means there. */
export interface ErrorCase {
  readonly status: ErrorStatus;
  readonly description: string;
}

/** The status of each domain error kind a route can raise. A 500 is always possible and never declared. */
export type ErrorMap = { readonly [K in ErrorKind]?: ErrorCase };

// biome-ignore lint/suspicious/noExplicitAny: a schema of any input and output
export type AnySchema = v.GenericSchema<any, any>;

export interface Route {
  readonly method: HttpMethod;
  /** API Gateway path syntax: `/dpp/{dppId}`; `$default` is the catch-all for unknown routes. */
  readonly path: string;
  /** File name in functions/ (without .ts); also the base of the CDK function id. */
  readonly fn: string;
  /** Public routes take no token (decisions.md, Authentication). */
  readonly auth: 'public' | 'jwt';
  readonly access: Access;
  /** One line for the README and the OpenAPI summary. */
  readonly summary: string;
  /** Longer OpenAPI description: rules the interface or decisions.md leave to us. */
  readonly description?: string;
  /** OpenAPI tag. */
  readonly tag: string;
  /** How the request body is encoded; absent for routes without a body. */
  readonly body?: 'json' | 'multipart';
  /** Schema over `{ params, query, headers, body }` (see RawInput in lib/http). */
  readonly input: AnySchema;
  /** The status of the success answer: 200, except the catch-all's 404. */
  readonly status?: 200 | 404;
  /** The body of the success answer. */
  readonly response: AnySchema;
  /** Headers the 200 carries, with what they mean. */
  readonly responseHeaders?: Readonly<Record<string, string>>;
  /** The status of each domain error kind this route can raise. */
  readonly errors: ErrorMap;
  /**
   * Safe to retry (decisions.md, Retries): the route takes an `Idempotency-Key` header and
   * answers a retry with its first answer. Opting in adds IDEMPOTENCY_ERRORS to the row's
   * error map (defineRoute), the header to the OpenAPI document, and makes the handler pass
   * `idempotency()` (lib/http/endpoint.ts). Keys are kept per company: needs `auth: 'jwt'`.
   */
  readonly idempotent?: boolean;
  /**
   * The start of the `error` text of this route's 500 (lib/http/middleware/errors.ts), where
   * the interface fixes one: `Could not view non-official operators: ` (decisions.md, Errors).
   * The rest stays the safe `Internal server error`.
   */
  readonly failurePrefix?: string;
}

/** What an idempotent route can answer besides its own errors (lib/idempotency). */
export const IDEMPOTENCY_ERRORS = {
  invalid: { status: 400, description: 'A malformed `Idempotency-Key` header (not 1-255 visible ASCII characters)' },
  conflict: {
    status: 409,
    description: 'A request with the same `Idempotency-Key` is still in progress (`IDEMPOTENCY_KEY_IN_PROGRESS`)',
  },
  unprocessable: {
    status: 422,
    description: 'The `Idempotency-Key` was used with another request in the last 24 hours (`IDEMPOTENCY_KEY_REUSED`)',
  },
} as const satisfies ErrorMap;

/**
 * Keeps a row's literal types (fn, auth, schemas) for the handler that uses it. An
 * idempotent row gets IDEMPOTENCY_ERRORS in its error map, joined to its own case of the
 * same kind (which must have the same status), so every reader of the row (the error
 * middleware, the OpenAPI document, the tests' contract check) sees them.
 */
export const defineRoute = <const R extends Route>(route: R): R => {
  if (!route.idempotent) return route;
  if (route.auth !== 'jwt')
    throw new Error(`${route.fn}: an idempotent route keeps keys per company, so needs auth jwt`);
  const errors: Record<string, ErrorCase> = { ...route.errors };
  for (const [kind, added] of Object.entries(IDEMPOTENCY_ERRORS)) {
    const own = errors[kind];
    if (own && own.status !== added.status) {
      throw new Error(`${route.fn}: ${kind} is ${own.status} on this row but ${added.status} for idempotency`);
    }
    const also = added.description.charAt(0).toLowerCase() + added.description.slice(1);
    errors[kind] = own ? { status: own.status, description: `${own.description}; or ${also}` } : added;
  }
  return { ...route, errors };
};
