import type * as v from 'valibot';
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

/** What a function may touch. The stack grants exactly this and nothing else. */
export interface Access {
  /** DynamoDB: `read` = GetItem/BatchGetItem/Query; `write` adds Put/Update/Delete/TransactWrite. */
  readonly table?: 'read' | 'write';
  /** S3 object actions on the data bucket. `get` is also what signing a GET URL needs. */
  readonly bucket?: ReadonlyArray<'get' | 'put' | 'delete'>;
  /** ses:SendEmail / SendRawEmail from the configured identity. */
  readonly email?: boolean;
  /** translate:TranslateText. */
  readonly translate?: boolean;
  /** secretsmanager:GetSecretValue on the JWT signing-key secret. */
  readonly signingKey?: boolean;
}

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
}

/** Keeps a row's literal types (fn, auth, schemas) for the handler that uses it. */
export const defineRoute = <const R extends Route>(route: R): R => route;
