import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { ConflictError, UnprocessableError } from '../errors';

/**
 * Idempotent POSTs (docs/spec/decisions.md, Retries): a client sends `Idempotency-Key`; a retry with
 * the same key and the same request within 24 hours answers the first response and writes
 * nothing again; the same key with another request is 422.
 *
 * One record per company, route and key (lib/data/keys.ts `keys.idempotency`), in the
 * single table: IN_PROGRESS while the first request runs, then COMPLETED with its answer.
 */

/** The header's value: 1–255 visible ASCII characters (docs/spec/decisions.md, Retries). */
export const idempotencyKey = v.pipe(
  v.string(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(255, 'must be at most 255 characters'),
  v.regex(/^[\x21-\x7e]+$/, 'must be visible ASCII characters only (no spaces or control characters)'),
);

/** How long a key holds its first answer; also the item's `ttl` (DynamoDB deletes it some time after). */
export const RETENTION_SECONDS = 24 * 60 * 60;

/**
 * How long an IN_PROGRESS record keeps a retry out (409) before a retry may take the key
 * over, when the request does not know its own deadline: longer than any run can last (the
 * functions time out after 10 s, infra/stack.ts). A request served by an endpoint knows its
 * deadline and holds the key until just past it (`lockUntil`).
 *
 * The lock is only about not running one request twice at the same time. That a key gives
 * one effect does not depend on it: the first effect of a request and the key's
 * `applied_at` are written in one transaction, conditioned on the claim's token, and a key
 * that was applied is never taken over (lib/idempotency/idempotent-request.ts).
 */
export const LOCK_MILLISECONDS = 30_000;
/** What a lock lasts past the request's own last deadline. */
export const LOCK_MARGIN_MILLISECONDS = 1_000;

export type IdempotencyState = 'IN_PROGRESS' | 'COMPLETED';

/** The answer kept for replay: what the first request answered. */
export interface StoredResponse {
  statusCode: number;
  headers: Record<string, string | number | boolean>;
  body: string;
}

export interface IdempotencyItem {
  pk: string;
  sk: string;
  type: 'IDEMPOTENCY';
  company_id: string;
  route: string;
  /** SHA-256 of the validated request (see `fingerprint`). */
  fingerprint: string;
  state: IdempotencyState;
  /** Random per claim: only the request that holds it may complete or release the record. */
  token: string;
  /** Epoch milliseconds after which an IN_PROGRESS record no longer keeps retries out. */
  locked_until: number;
  /** Epoch seconds: the end of the 24 hours (the table's TTL attribute). */
  ttl: number;
  created_at: string;
  /** Set when COMPLETED. */
  response?: StoredResponse;
  /** Written with the request's first effect, in the same transaction: from then on the key is never taken over. */
  applied_at?: string;
}

/** What a request is known by: the caller's company, the route and the client's key. */
export interface IdempotencyScope {
  companyId: string;
  route: string;
  key: string;
}

/**
 * A fingerprint of the request as the route validated it (path parameters, query, body
 * fields), with every byte buffer (an uploaded file) replaced by its SHA-256. Key order
 * does not matter, and neither does the multipart encoding: a client that retries with a
 * new random boundary (curl does) sends the same request.
 */
export function fingerprint(input: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(input)))
    .digest('hex');
}

function canonical(value: unknown): unknown {
  if (value instanceof Uint8Array) return { $sha256: createHash('sha256').update(value).digest('hex') };
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object' && value !== null) {
    const object = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(object)
        .filter((name) => object[name] !== undefined)
        .sort()
        .map((name) => [name, canonical(object[name])]),
    );
  }
  return value;
}

/** A record past its 24 hours is gone, whether or not DynamoDB's TTL has deleted it yet. */
export const isExpired = (item: IdempotencyItem, nowMs: number): boolean => item.ttl * 1000 <= nowMs;

export const keyReused = () =>
  new UnprocessableError(
    'This Idempotency-Key was used with another request in the last 24 hours; use a new key for a new request',
    'IDEMPOTENCY_KEY_REUSED',
  );

/**
 * The request with this key took effect, but died (or lost its connection to the table)
 * before its answer was stored: the effect stands, its answer is lost, and running it again
 * would make a second effect.
 */
export const answerLost = () =>
  new ConflictError('This key took effect; its answer was lost', 'IDEMPOTENCY_KEY_ANSWER_LOST');

export const keyInProgress = () =>
  new ConflictError(
    'A request with this Idempotency-Key is still in progress; retry when it has finished',
    'IDEMPOTENCY_KEY_IN_PROGRESS',
  );
