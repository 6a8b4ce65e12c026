import { isConditionFailure } from '../aws/errors';
import * as table from '../aws/table';
import { eq, notExists, remove, set, setIfAbsent, update, where } from '../data/expressions';
import type { Key } from '../data/keys';
import type { IdempotencyItem, StoredResponse } from './model';

/**
 * The idempotency records (docs/data-model.md, pattern 12). Every call is one round trip.
 * Writes that finish a claim are conditioned on the claim's `token`, so a request that
 * lost its lock can never overwrite or delete the record of the request that took it over.
 */

/** Attributes a claim writes: every one of them is on every record, so a claim of an existing record changes nothing. */
const CLAIMED = [
  'type',
  'company_id',
  'route',
  'fingerprint',
  'state',
  'token',
  'locked_until',
  'ttl',
  'created_at',
] as const;

const keyOf = (item: { pk: string; sk: string }): Key => ({ pk: item.pk, sk: item.sk });

/** The record still holds the claim `token` (and, unless `evenIfApplied`, no effect was applied under it). */
const whileHeld = (token: string, evenIfApplied: boolean) =>
  where(eq('token', token), ...(evenIfApplied ? [] : [notExists('applied_at')]));

/** Whether a write conditioned on `whileHeld` was made (false: its condition failed). */
const held = (write: Promise<unknown>): Promise<boolean> =>
  write.then(
    () => true,
    (error: unknown) => {
      if (isConditionFailure(error)) return false;
      throw error;
    },
  );

export const idempotencyRecords = {
  /**
   * Writes `item` unless a record already holds its key, and returns the record as it
   * stands after the write: `item` itself when this call created it (same `token`),
   * otherwise the existing record, untouched. One UpdateItem whose every SET is
   * `if_not_exists`: the check and the read are one atomic, strongly consistent step, so
   * of concurrent duplicates exactly one gets its own token back.
   */
  async claim(item: IdempotencyItem): Promise<IdempotencyItem> {
    const claim = update(CLAIMED.map((attr) => setIfAbsent(attr, item[attr])));
    return table.update<IdempotencyItem>(keyOf(item), claim);
  },

  /**
   * Replaces a record that no longer binds its key (past its 24 hours, or IN_PROGRESS with
   * an expired lock and no effect applied) with a new claim; false when another request
   * replaced it first, or when the claim's effect landed meanwhile (a write that was still
   * on its way when the lock lapsed). A record past its 24 hours is taken over applied or not.
   */
  takeOver(item: IdempotencyItem, previousToken: string, expired: boolean): Promise<boolean> {
    return held(
      table.update(
        keyOf(item),
        update(
          CLAIMED.map((attr) => set(attr, item[attr])),
          remove('response'),
          remove('applied_at'),
        ),
        whileHeld(previousToken, expired),
      ),
    );
  },

  /** Stores the answer of the claim `token`; false when the claim was taken over meanwhile. */
  complete(key: Key, token: string, response: StoredResponse): Promise<boolean> {
    return held(
      table.update(key, update(set('state', 'COMPLETED'), set('response', response)), whileHeld(token, true)),
    );
  },

  /**
   * Deletes the record of the claim `token`, so the key can be used again; a record taken
   * over is left alone, and so is one whose effect was applied unless `evenIfApplied` (the
   * request knows its effect was undone or refused).
   */
  async release(key: Key, token: string, evenIfApplied = false): Promise<void> {
    await held(table.delete(key, whileHeld(token, evenIfApplied)));
  },
};
