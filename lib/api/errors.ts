import type { ErrorStatuses } from './contract';

/**
 * Error statuses several route rows share; each row still states its own map. Their texts
 * are the docs' (lib/api/docs.ts, SHARED_TEXTS), out of function bundles.
 */

/** A 400's text in a row's docs: what makes the request invalid. */
export const invalid = (description: string): string => description;

/** A 400's text on a row whose input is nothing at all: fail closed rather than ignore what was sent. */
export const takesNothing =
  'A query parameter or a request body was sent (`VALIDATION_ERROR` naming each): this route takes neither';

/** What every route can answer when a dependency is down (docs/spec/decisions.md, Errors). */
export const unavailable = { unavailable: 503 } as const satisfies ErrorStatuses;

/** What every authenticated route answers for a missing, malformed, expired or forged token. */
export const authenticated = { unauthenticated: 401, ...unavailable } as const satisfies ErrorStatuses;

/** What the upload routes add: a file over 4 MiB (or a body over its limit). */
export const upload = { too_large: 413 } as const satisfies ErrorStatuses;

/** A concurrent replace of the same file: the loser retries. */
export const concurrentReplace = { conflict: 409 } as const satisfies ErrorStatuses;

/** The docs' text of concurrentReplace's conflict. */
export const concurrentReplaceText =
  'The file was replaced or deleted by another request meanwhile; read it again and retry';

/** Lists: a bad `limit` or a cursor that is not one of ours. */
export const paging = 'A path parameter is malformed, `limit` is not 1-100, or `cursor` is not a cursor of this list';

/**
 * A write of a JSON document to a DPP of the company (an aspect, a merge patch): refused (400),
 * not found (404), a concurrent change (409), over its size (413), another media type (415).
 */
export const documentWrite = {
  invalid: 400,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  ...authenticated,
} as const satisfies ErrorStatuses;
