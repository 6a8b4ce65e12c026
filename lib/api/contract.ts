import type * as v from 'valibot';
import type { Access } from '../access';
import type { ErrorKind } from '../errors';

/**
 * The shape of a route row: everything the service promises about one endpoint.
 *
 * One row per endpoint (lib/api/routes/<fn>.ts) drives the function's Middy composition,
 * the CDK stack (function, route, environment, IAM grants), the local server, the sample
 * events, the route table of docs/api.md, the OpenAPI document (docs/openapi.json) and the
 * response checks of the integration tests. lib/ never imports infra/; infra imports this.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'ANY';

/** What a GET row may also answer (RuntimeRoute.alsoAnswers). */
export type OtherMethod = 'HEAD' | 'OPTIONS';

/** The methods a row answers, for `Allow` and `Access-Control-Allow-Methods`: its own, then `alsoAnswers`. */
export const allowedMethods = (route: { readonly method: HttpMethod; readonly alsoAnswers?: readonly OtherMethod[] }) =>
  [route.method, ...(route.alsoAnswers ?? [])].join(', ');

export type { Access } from '../access';

/** Every status a route can answer besides 200. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 406 | 409 | 413 | 415 | 422 | 503;

/** The status of each domain error kind a route can raise. A 500 is always possible and never declared. */
export type ErrorStatuses = { readonly [K in ErrorKind]?: ErrorStatus };

/** What one kind of domain error answers on a route, and what it means there (the documented row). */
export interface ErrorCase {
  readonly status: ErrorStatus;
  readonly description: string;
}

/** A documented row's error map: each kind's status and what it means there. */
export type ErrorMap = { readonly [K in ErrorKind]?: ErrorCase };

// biome-ignore lint/suspicious/noExplicitAny: a schema of any input and output
export type AnySchema = v.GenericSchema<any, any>;

/**
 * What a function runs with: the part of a route row its handler imports and bundles. What
 * only people and tools read (summary, description, response schema, error texts, example)
 * is the row's other export, `describeRoute(route, docs)` (lib/api/docs.ts), which no
 * function imports, so none of it reaches a Lambda bundle.
 */
export interface RuntimeRoute {
  readonly method: HttpMethod;
  /** API Gateway path syntax: `/dpp/{dppId}`; `$default` is the catch-all for unknown routes. */
  readonly path: string;
  /** File name in functions/ (without .ts); also the base of the CDK function id. */
  readonly fn: string;
  /** Public routes take no token (docs/spec/decisions.md, Authentication). */
  readonly auth: 'public' | 'jwt';
  readonly access: Access;
  /** How the request body is encoded; absent for routes without a body. */
  readonly body?: 'json' | 'multipart';
  /**
   * The media types a `json` body may have, where not `application/json` alone: an aspect's
   * PATCH takes `application/merge-patch+json` (RFC 7396). Any other is 415 (lib/http/document-endpoint.ts).
   */
  readonly mediaTypes?: readonly string[];
  /** Schema over `{ params, query, headers, body }` (see RawInput in lib/http). */
  readonly input: AnySchema;
  /** The status of each domain error kind this route can raise (their texts are in the docs). */
  readonly errors: ErrorStatuses;
  /**
   * Safe to retry (docs/spec/decisions.md, Retries): the route takes an `Idempotency-Key` header and
   * answers a retry with its first answer. Opting in adds IDEMPOTENCY_ERRORS to the documented
   * error map (describeRoute), the header to the OpenAPI document, and the idempotency
   * middleware to the handler (lib/http/json-endpoint.ts, multipart-endpoint.ts). Keys are kept
   * per company: needs `auth: 'jwt'`.
   */
  readonly idempotent?: boolean;
  /**
   * Methods a GET row's function answers on the same path besides GET, each a route of its own
   * in the stack and the local server (lib/http/other-methods.ts): `HEAD`, the GET's answer
   * (status and headers) without its body; `OPTIONS`, 204 with `Allow` and CORS for any origin
   * (only for public rows: what any page may read).
   */
  readonly alsoAnswers?: readonly OtherMethod[];
  /**
   * Headers OPTIONS adds to its 204 besides `Allow` and CORS: the resolver's `Link` to the link
   * set of the URI asked (GS1-Conformant Resolver's test suite reads it there).
   */
  readonly optionsHeaders?: Readonly<Record<string, string>>;
  /**
   * The start of the `error` text of this route's 500 (lib/http/middleware/errors.ts), where
   * the interface fixes one: `Could not view non-official operators: ` (docs/spec/decisions.md, Errors).
   * The rest stays the safe `Internal server error`.
   */
  readonly failurePrefix?: string;
}

/** What a row says of a route for people and tools, beside its runtime part (lib/api/docs.ts). */
export interface RouteDescription {
  /** OpenAPI tag. */
  readonly tag: string;
  /** One line for the route table and the OpenAPI summary. */
  readonly summary: string;
  /** Longer OpenAPI description: rules the interface or docs/spec/decisions.md leave to us. */
  readonly description?: string;
  /**
   * The status of the success answer: 200, except a grant's creation (201) and revocation (204, no body),
   * the catch-all's 404 and the resolver's 307.
   */
  readonly status?: 200 | 201 | 204 | 307 | 404;
  /** The body of the success answer; the handler's answer is type-checked against it (lib/http/endpoint.ts). */
  readonly response: AnySchema;
  /**
   * The media type of the success answer's JSON body, when it is not `application/json`: a JSON
   * media type of its own (`application/did+json`, `application/ld+json`).
   */
  readonly contentType?: `application/${string}json`;
  /** Headers the 200 carries, with what they mean. */
  readonly responseHeaders?: Readonly<Record<string, string>>;
  /** Success answers besides the JSON one: redirects, 304s, bodies of other media types. */
  readonly answers?: readonly OtherAnswer[];
  /** A valid request and the status it answers (RouteExample). */
  readonly example: RouteExample;
}

/**
 * A whole route row, as the route table (lib/api/routes.ts) holds it: the runtime part and its
 * documentation. It drives the CDK stack, the local server, the samples and events, the tenant
 * probes, the route table of docs/api.md, the OpenAPI document and the tests' contract checks.
 */
export interface Route extends Omit<RuntimeRoute, 'errors'>, RouteDescription {
  /** The status of each domain error kind this route can raise, and what it means there. */
  readonly errors: ErrorMap;
}

/**
 * A success answer that is not the row's JSON 200 (lib/http/response.ts `raw`): a redirect, a
 * 304, or a 200 of another media type; or an error in another media type than JSON (the HTML
 * error page, lib/http/html.ts). The OpenAPI document lists it; the contract check
 * accepts it by status and media type, without a body schema.
 */
export interface OtherAnswer {
  /** A success answer's, or an error's sent in another media type (the HTML error page a browser gets). */
  readonly status: 200 | 300 | 303 | 304 | 307 | 400 | 404;
  /** The media type of its body; absent for an answer without one (a redirect, a 304). */
  readonly contentType?: string;
  readonly description: string;
}

/** A JSON value, as a JSON example body holds it. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/**
 * A valid request of a row, against the demo data (lib/api/demo.ts), and the status it
 * answers: the sample event (events/<fn>.json), the local sample request and, on a jwt route,
 * the tenant probe (the other company's token on the same request) are derived from it.
 */
export interface RouteExample {
  /** A value for each `{name}` of the path. */
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string>>;
  readonly headers?: Readonly<Record<string, string>>;
  /** A JSON body (sent with `content-type: application/json`). */
  readonly json?: { readonly [key: string]: JsonValue };
  /** A multipart body: text fields, and a file part read from infra/local/fixtures/<fixture>. */
  readonly multipart?: {
    readonly fields: Readonly<Record<string, string>>;
    readonly file?: { readonly name: string; readonly fixture: string };
  };
  /** The catch-all only: a request no other route matches. */
  readonly request?: { readonly method: string; readonly path: string };
  readonly status: number;
  /**
   * The status with the use case stubbed (`npm run bench`, overhead), when the example's own
   * status comes from the use case rather than from the handler stack (auth, body, validation).
   */
  readonly stubbedStatus?: number;
}

/**
 * Keeps a row's literal types (fn, auth, schemas) for the handler that uses it. Nothing runs:
 * an idempotent row's extra kinds (a malformed key 400, a key in progress 409, a key reused
 * 422) answer the error middleware's default statuses, and describeRoute (lib/api/docs.ts)
 * checks the row's own cases agree with them.
 */
export const defineRoute = <const R extends RuntimeRoute>(route: R): R => route;
