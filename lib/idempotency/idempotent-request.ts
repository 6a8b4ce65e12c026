import { randomUUID } from 'node:crypto';
import * as keys from '../data/keys';
import { ItemType, type Key } from '../data/keys';
import { logger } from '../logger';
import {
  fingerprint,
  type IdempotencyItem,
  type IdempotencyScope,
  isExpired,
  keyInProgress,
  keyReused,
  LOCK_MILLISECONDS,
  RETENTION_SECONDS,
  type StoredResponse,
} from './model';
import { idempotencyRecords } from './repository';

/**
 * The life of a request that carries an `Idempotency-Key` (docs/spec/decisions.md, Retries):
 *
 *   begin ─┬─ no record, or one past its 24 h, or a dead claim ─▶ claimed ─┬─ 2xx ─▶ COMPLETED (finish)
 *          │                                                              └─ else ─▶ deleted (finish / abandon)
 *          ├─ same request, COMPLETED ─▶ replay the stored answer
 *          ├─ same request, IN_PROGRESS ─▶ 409 IDEMPOTENCY_KEY_IN_PROGRESS
 *          └─ another request ─▶ 422 IDEMPOTENCY_KEY_REUSED
 *
 * Only successful answers are kept: after a refusal or a failure nothing was written, so
 * the key is freed and a retry runs again.
 */

/** This request holds the key until it finishes or abandons. */
export interface Claim {
  key: Key;
  token: string;
}

export type Begun = { claim: Claim; replay?: never } | { replay: StoredResponse; claim?: never };

/**
 * Claims the key for this request, or says what an earlier request with the same key
 * decides. One round trip, two when a dead or expired record is taken over.
 */
export async function begin(scope: IdempotencyScope, input: unknown, nowMs = Date.now()): Promise<Begun> {
  const mine = newRecord(scope, fingerprint(input), nowMs);
  const current = await idempotencyRecords.claim(mine);
  if (current.token === mine.token) return { claim: claimOf(mine) };

  const expired = isExpired(current, nowMs);
  if (!expired && current.fingerprint !== mine.fingerprint) throw keyReused();
  if (!expired && current.state === 'COMPLETED' && current.response) return { replay: current.response };
  if (!expired && current.locked_until > nowMs) throw keyInProgress();
  // Past its 24 hours (DynamoDB deletes expired items lazily), or a claim whose request died.
  if (await idempotencyRecords.takeOver(mine, current.token)) return { claim: claimOf(mine) };
  throw keyInProgress();
}

/** Keeps a successful answer for replay; anything else frees the key. Never fails the request. */
export async function finish(claim: Claim, response: StoredResponse): Promise<void> {
  if (response.statusCode < 200 || response.statusCode >= 300) return abandon(claim);
  try {
    const stored = await idempotencyRecords.complete(claim.key, claim.token, response);
    if (!stored) logger.warn('idempotency claim taken over before the answer was stored', { key: claim.key.pk });
  } catch (error) {
    // The write succeeded and the caller gets its answer; a retry meets the lock until it lapses.
    logger.error('could not store the answer of an idempotent request', { error: error as Error });
  }
}

/** Frees the key after a refused or failed request. Never hides the request's own error. */
export async function abandon(claim: Claim): Promise<void> {
  try {
    await idempotencyRecords.release(claim.key, claim.token);
  } catch (error) {
    logger.error('could not release an idempotency key; it frees itself when its lock lapses', {
      error: error as Error,
    });
  }
}

function newRecord(scope: IdempotencyScope, print: string, nowMs: number): IdempotencyItem {
  return {
    ...keys.idempotency(scope.companyId, scope.route, scope.key),
    type: ItemType.Idempotency,
    company_id: scope.companyId,
    route: scope.route,
    fingerprint: print,
    state: 'IN_PROGRESS',
    token: randomUUID(),
    locked_until: nowMs + LOCK_MILLISECONDS,
    ttl: Math.floor(nowMs / 1000) + RETENTION_SECONDS,
    created_at: new Date(nowMs).toISOString(),
  };
}

const claimOf = (item: IdempotencyItem): Claim => ({ key: { pk: item.pk, sk: item.sk }, token: item.token });
