import { randomUUID } from 'node:crypto';
import type { Fence } from '../aws/budget';
import { eq, set, update, where } from '../data/expressions';
import * as keys from '../data/keys';
import { ItemType, type Key } from '../data/keys';
import { logger } from '../logger';
import {
  answerLost,
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
 * The life of a request that carries an `Idempotency-Key` (docs/spec/decisions.md, Retries;
 * docs/behaviour.md, Faults):
 *
 *   begin ─┬─ no record, or one past its 24 h, or a dead claim with no effect ─▶ claimed ─┬─ 2xx ─▶ COMPLETED (finish)
 *          │                                                                             └─ else ─▶ deleted (finish / abandon)
 *          ├─ same request, COMPLETED ─▶ replay the stored answer
 *          ├─ same request, IN_PROGRESS, locked ─▶ 409 IDEMPOTENCY_KEY_IN_PROGRESS
 *          ├─ same request, IN_PROGRESS, lock lapsed, effect applied ─▶ 409 IDEMPOTENCY_KEY_ANSWER_LOST
 *          └─ another request ─▶ 422 IDEMPOTENCY_KEY_REUSED
 *
 * One key, one effect: while a request holds its key, its first DynamoDB write carries the
 * key's fence (lib/aws/budget.ts): the same transaction sets the record's `applied_at`, on
 * the condition that the record still holds this claim's token. So a write that lands late
 * (sent before a fault, applied after) either lands before a retry takes the key over, and
 * then no retry ever can, or after, and then it is refused.
 *
 * Only successful answers are kept. After a refusal or a failure whose outcome is known,
 * nothing stays written, so the key is freed and a retry runs again; after a failure whose
 * outcome is unknown (a write got no answer) the key is freed only if no effect was applied.
 */

/** This request holds the key until it finishes or abandons. */
export interface Claim {
  key: Key;
  token: string;
}

export type Begun = { claim: Claim; replay?: never } | { replay: StoredResponse; claim?: never };

/**
 * Claims the key for this request, or says what an earlier request with the same key
 * decides. One round trip, two when a dead or expired record is taken over. The claim's
 * lock lasts until `lockedUntilMs` (default: LOCK_MILLISECONDS from now).
 */
export async function begin(
  scope: IdempotencyScope,
  input: unknown,
  nowMs = Date.now(),
  lockedUntilMs = nowMs + LOCK_MILLISECONDS,
): Promise<Begun> {
  const mine = newRecord(scope, fingerprint(input), nowMs, lockedUntilMs);
  const current = await idempotencyRecords.claim(mine);
  if (current.token === mine.token) return { claim: claimOf(mine) };

  const expired = isExpired(current, nowMs);
  if (!expired && current.fingerprint !== mine.fingerprint) throw keyReused();
  if (!expired && current.state === 'COMPLETED' && current.response) return { replay: current.response };
  if (!expired && current.locked_until > nowMs) throw keyInProgress();
  // Its request died (or lost the table) after its effect and before its answer was stored.
  if (!expired && current.applied_at !== undefined) throw answerLost();
  // Past its 24 hours (DynamoDB deletes expired items lazily), or a claim whose request died.
  if (await idempotencyRecords.takeOver(mine, current.token, expired)) return { claim: claimOf(mine) };
  throw keyInProgress();
}

/**
 * What the request's first write must carry while it holds the claim: the mark that the key
 * was applied, on the condition that the claim is still this one.
 */
export const fenceOf = (claim: Claim, nowMs = Date.now()): Fence => ({
  update: claim.key,
  set: update(set('applied_at', new Date(nowMs).toISOString())),
  condition: where(eq('token', claim.token)),
  // Taken over by a retry: that retry's answer stands.
  lost: keyInProgress,
});

/**
 * Keeps a successful answer for replay. Anything else frees the key: after a refused or
 * failed request; when its outcome is unknown (a write got no answer), only if no effect was
 * applied, so a record the effect marked stays and no retry makes a second effect. Never
 * fails the request, never hides its own error: a failure here is logged (the key's lock lapses).
 */
export async function finish(claim: Claim, response: StoredResponse, outcomeUnknown = false): Promise<void> {
  try {
    const ok = response.statusCode >= 200 && response.statusCode < 300;
    if (!ok) await idempotencyRecords.release(claim.key, claim.token, !outcomeUnknown);
    else if (!(await idempotencyRecords.complete(claim.key, claim.token, response))) {
      logger.warn('idempotency key taken over', { key: claim.key.pk });
    }
  } catch (error) {
    logger.error('idempotency key not settled', { error: error as Error });
  }
}

/** Frees the key after a refused or failed request (`finish` with no answer). */
export const abandon = (claim: Claim, outcomeUnknown = false): Promise<void> =>
  finish(claim, { statusCode: 500, headers: {}, body: '' }, outcomeUnknown);

function newRecord(scope: IdempotencyScope, print: string, nowMs: number, lockedUntilMs: number): IdempotencyItem {
  return {
    ...keys.idempotency(scope.companyId, scope.route, scope.key),
    type: ItemType.Idempotency,
    company_id: scope.companyId,
    route: scope.route,
    fingerprint: print,
    state: 'IN_PROGRESS',
    token: randomUUID(),
    locked_until: lockedUntilMs,
    ttl: Math.floor(nowMs / 1000) + RETENTION_SECONDS,
    created_at: new Date(nowMs).toISOString(),
  };
}

const claimOf = (item: IdempotencyItem): Claim => ({ key: { pk: item.pk, sk: item.sk }, token: item.token });
