import { isConditionFailure } from '../aws/errors';
import * as table from '../aws/table';
import { add, eq, notExists, set, update, where } from '../data/expressions';
import type { Key } from '../data/keys';
import type { NotarizationItem } from '../notarizations/model';

/**
 * The anchor worker's access to notarization records (lib/versions/model.ts,
 * NotarizationItem): one GetItem, the rest single conditional UpdateItems. Every write is
 * conditioned on the record still being PENDING, so a record that is ANCHORED or FAILED never
 * changes again, and a write that lost a race says so (false / undefined) instead of throwing.
 */

/** A signed transaction as the record keeps it, written before it is sent. */
export interface StoredTransaction {
  raw: string;
  hash: string;
  nonce: number;
  from: string;
  to: string;
  /** The explorer link of the transaction (filled as soon as it is known, before it is mined). */
  url: string;
}

const PENDING = 'PENDING';

/** Every write's condition: the record is still PENDING (a missing record has no status). */
const stillPending = eq('status', PENDING);

async function conditional<T>(write: () => Promise<T>): Promise<T | undefined> {
  try {
    return await write();
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

const storeSet = (tx: StoredTransaction, now: string) =>
  update(
    set('raw_transaction', tx.raw),
    set('transaction_hash', tx.hash),
    set('nonce', tx.nonce),
    set('from', tx.from),
    set('to', tx.to),
    set('url', tx.url),
    set('updated_at', now),
  );

export const anchoringRepository = {
  /** The record as last written (a strongly consistent read: a retry must see the transaction it stored). */
  read: (key: Key): Promise<NotarizationItem | undefined> => table.get<NotarizationItem>(key, { consistent: true }),

  /** Counts one more attempt; the record after it, or undefined when it is no longer PENDING (or gone). */
  countAttempt: (key: Key, now: string): Promise<NotarizationItem | undefined> =>
    conditional(() =>
      table.update<NotarizationItem>(key, update(set('updated_at', now), add('attempts', 1)), where(stillPending)),
    ),

  /**
   * Keeps the signed transaction BEFORE it is sent, once: false when the record already holds
   * one (a retry re-sends that one instead) or is no longer PENDING.
   */
  storeTransaction: async (key: Key, tx: StoredTransaction, now: string): Promise<boolean> => {
    const stored = await conditional(() =>
      table.update(key, storeSet(tx, now), where(stillPending, notExists('transaction_hash'))),
    );
    return stored !== undefined;
  },

  /**
   * Replaces a stored transaction that can never be mined (its nonce went to another
   * transaction of the key) by a new one: only if the record still holds `previousHash`.
   */
  replaceTransaction: async (key: Key, tx: StoredTransaction, previousHash: string, now: string): Promise<boolean> => {
    const replaced = await conditional(() =>
      table.update(key, storeSet(tx, now), where(stillPending, eq('transaction_hash', previousHash))),
    );
    return replaced !== undefined;
  },

  /** ANCHORED with the block that holds transaction `hash`, if the record is PENDING with that transaction. */
  markAnchored: async (
    key: Key,
    mined: { hash: string; blockHash: string; blockNumber: number; url: string },
    now: string,
  ): Promise<boolean> => {
    const anchored = await conditional(() =>
      table.update(
        key,
        update(
          set('status', 'ANCHORED'),
          set('block_hash', mined.blockHash),
          set('block_number', mined.blockNumber),
          set('url', mined.url),
          set('updated_at', now),
        ),
        where(stillPending, eq('transaction_hash', mined.hash)),
      ),
    );
    return anchored !== undefined;
  },

  /** FAILED, with what went wrong last, if the record is still PENDING. */
  markFailed: async (key: Key, failure: string, now: string): Promise<boolean> => {
    const failed = await conditional(() =>
      table.update(
        key,
        update(set('status', 'FAILED'), set('failure', failure), set('updated_at', now)),
        where(stillPending),
      ),
    );
    return failed !== undefined;
  },
};
