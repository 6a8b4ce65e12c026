import type { ErrorKind } from '../errors';
import type { ErrorCase, ErrorMap, RouteDescription, RuntimeRoute } from './contract';

/**
 * The documentation half of a route row: what people and tools read, and no function runs
 * with. Each row file exports its runtime part (`defineRoute`, what the handler imports) and
 * this (`describeRoute`, what the route table, the docs, the samples and the tests import), so
 * a function's bundle carries none of the texts, response schemas or examples.
 */

/** Texts every row shares for a kind unless it says otherwise. */
const SHARED_TEXTS: { readonly [K in ErrorKind]?: string } = {
  unauthenticated: 'Missing, malformed, expired or wrongly signed bearer token',
  unavailable:
    'A dependency is down or throttling; retry after `Retry-After` seconds. `OUTCOME_UNKNOWN` (no `Retry-After`): a write without an `Idempotency-Key` may or may not have been applied',
  too_large: 'The file exceeds 4 MiB, or the body exceeds its limit',
};

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

type SharedKind = 'unauthenticated' | 'unavailable' | 'too_large';
type IdempotencyKind = keyof typeof IDEMPOTENCY_ERRORS;
/** The kinds of a row's own error map (idempotency's are added by the row, with their texts). */
type OwnKinds<R extends RuntimeRoute> = Extract<keyof R['errors'], ErrorKind>;

/**
 * The text of each kind of the row's error map: required for the row's own kinds, optional
 * where a shared text exists (a missing token, a dependency down, an upload too large) or
 * idempotency adds the kind.
 */
export type ErrorTexts<R extends RuntimeRoute> = {
  readonly [K in Exclude<OwnKinds<R>, SharedKind | IdempotencyKind>]: string;
} & {
  readonly [K in Extract<OwnKinds<R>, SharedKind | IdempotencyKind>]?: string;
};

export interface RouteDocs<R extends RuntimeRoute> extends RouteDescription {
  /** What each error kind of the row means on this route (shared texts fill the rest). */
  readonly errors: ErrorTexts<R>;
}

/** The whole row: the runtime part with its docs, its error map with texts. */
export type DescribedRoute<R extends RuntimeRoute, D extends RouteDocs<R>> = Omit<R, 'errors'> &
  Omit<D, 'errors'> & {
    readonly errors: {
      readonly [K in keyof R['errors'] | (R['idempotent'] extends true ? IdempotencyKind : never)]: ErrorCase;
    };
  };

/**
 * Joins a row's runtime part and its docs into the row the route table holds. An idempotent
 * row's IDEMPOTENCY_ERRORS texts are joined to its own case of the same kind.
 *
 * The docs come as a function, and the call is marked pure in the row, so that a function
 * importing the row's runtime part drops this export whole: an object argument holding
 * schema calls and spreads would count as side effects, and stay in the bundle.
 */
export function describeRoute<const R extends RuntimeRoute, const D extends RouteDocs<R>>(
  route: R,
  describe: () => D,
): DescribedRoute<R, D> {
  const docs = describe();
  const texts = docs.errors as { readonly [K in ErrorKind]?: string };
  if (route.idempotent && route.auth !== 'jwt') {
    throw new Error(`${route.fn}: an idempotent route keeps keys per company, so needs auth jwt`);
  }
  const statuses: Partial<Record<ErrorKind, ErrorCase['status']>> = { ...route.errors };
  if (route.idempotent) {
    for (const [kind, added] of Object.entries(IDEMPOTENCY_ERRORS) as Array<[IdempotencyKind, ErrorCase]>) {
      const own = statuses[kind];
      if (own !== undefined && own !== added.status) {
        throw new Error(`${route.fn}: ${kind} is ${own} on this row but ${added.status} for idempotency`);
      }
      statuses[kind] = added.status;
    }
  }
  const errors: Record<string, ErrorCase> = {};
  for (const [kind, status] of Object.entries(statuses) as Array<[ErrorKind, ErrorCase['status']]>) {
    const added = route.idempotent ? IDEMPOTENCY_ERRORS[kind as IdempotencyKind] : undefined;
    const own = texts[kind] ?? SHARED_TEXTS[kind];
    let description: string;
    if (own && added)
      description = `${own}; or ${added.description.charAt(0).toLowerCase()}${added.description.slice(1)}`;
    else if (own) description = own;
    else if (added) description = added.description;
    else throw new Error(`${route.fn}: no text for ${kind}`);
    errors[kind] = { status, description };
  }
  for (const kind of Object.keys(texts)) {
    if (!(kind in statuses)) throw new Error(`${route.fn}: a text for ${kind}, which the row does not raise`);
  }
  return { ...route, ...docs, errors } as unknown as DescribedRoute<R, D>;
}
