import type { ErrorCase, ErrorMap } from './contract';

/** Error cases several route rows share; each row still states its own map. */
export const invalid = (description: string): ErrorCase => ({ status: 400, description });

/** What every route can answer when a dependency is down (decisions.md, Errors). */
export const unavailable: ErrorMap = {
  unavailable: { status: 503, description: 'A dependency is down or throttling; retry after `Retry-After` seconds' },
};

/** What every authenticated route answers for a missing, malformed, expired or forged token. */
export const authenticated: ErrorMap = {
  unauthenticated: { status: 401, description: 'Missing, malformed, expired or wrongly signed bearer token' },
  ...unavailable,
};

/** What the upload routes add: a file over 4 MiB (or a body over its limit). */
export const upload: ErrorMap = {
  too_large: { status: 413, description: 'The file exceeds 4 MiB, or the body exceeds its limit' },
};

/** A concurrent replace of the same file: the loser retries. */
export const concurrentReplace: ErrorMap = {
  conflict: {
    status: 409,
    description: 'The file was replaced or deleted by another request meanwhile; read it again and retry',
  },
};

/** Lists: a bad `limit` or a cursor that is not one of ours. */
export const paging = 'A path parameter is malformed, `limit` is not 1-100, or `cursor` is not a cursor of this list';
