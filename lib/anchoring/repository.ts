import { table } from '../aws/dynamodb';
import { isConditionFailure } from '../aws/errors';
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

/** DynamoDB reserves `status`, `from`, `to` and `url` as words: expressions name them through placeholders. */
const STATUS = { '#status': 'status' } as const;

const PENDING = 'PENDING';

async function conditional<T>(write: () => Promise<T>): Promise<T | undefined> {
  try {
    return await write();
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

const storeSet = (tx: StoredTransaction, now: string) => ({
  expression:
    'SET raw_transaction = :raw, transaction_hash = :hash, nonce = :nonce, #from = :from, #to = :to, #url = :url, #updated = :now',
  names: { '#from': 'from', '#to': 'to', '#url': 'url', '#updated': 'updated_at' },
  values: {
    ':raw': tx.raw,
    ':hash': tx.hash,
    ':nonce': tx.nonce,
    ':from': tx.from,
    ':to': tx.to,
    ':url': tx.url,
    ':now': now,
  },
});

export const anchoringRepository = {
  /** The record as last written (a strongly consistent read: a retry must see the transaction it stored). */
  read: (key: Key): Promise<NotarizationItem | undefined> => table.get<NotarizationItem>(key, { consistent: true }),

  /** Counts one more attempt; the record after it, or undefined when it is no longer PENDING (or gone). */
  countAttempt: (key: Key, now: string): Promise<NotarizationItem | undefined> =>
    conditional(() =>
      table.update<NotarizationItem>(
        key,
        {
          expression: 'SET #updated = :now ADD #attempts :one',
          names: { '#updated': 'updated_at', '#attempts': 'attempts' },
          values: { ':now': now, ':one': 1 },
        },
        { expression: '#status = :pending', names: STATUS, values: { ':pending': PENDING } },
      ),
    ),

  /**
   * Keeps the signed transaction BEFORE it is sent, once: false when the record already holds
   * one (a retry re-sends that one instead) or is no longer PENDING.
   */
  storeTransaction: async (key: Key, tx: StoredTransaction, now: string): Promise<boolean> => {
    const stored = await conditional(() =>
      table.update(key, storeSet(tx, now), {
        expression: '#status = :pending AND attribute_not_exists(transaction_hash)',
        names: STATUS,
        values: { ':pending': PENDING },
      }),
    );
    return stored !== undefined;
  },

  /**
   * Replaces a stored transaction that can never be mined (its nonce went to another
   * transaction of the key) by a new one: only if the record still holds `previousHash`.
   */
  replaceTransaction: async (key: Key, tx: StoredTransaction, previousHash: string, now: string): Promise<boolean> => {
    const replaced = await conditional(() =>
      table.update(key, storeSet(tx, now), {
        expression: '#status = :pending AND transaction_hash = :previous',
        names: STATUS,
        values: { ':pending': PENDING, ':previous': previousHash },
      }),
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
        {
          expression:
            'SET #status = :anchored, block_hash = :blockHash, block_number = :blockNumber, #url = :url, #updated = :now',
          values: {
            ':anchored': 'ANCHORED',
            ':blockHash': mined.blockHash,
            ':blockNumber': mined.blockNumber,
            ':url': mined.url,
            ':now': now,
          },
        },
        {
          expression: '#status = :pending AND transaction_hash = :hash',
          names: { ...STATUS, '#url': 'url', '#updated': 'updated_at' },
          values: { ':pending': PENDING, ':hash': mined.hash },
        },
      ),
    );
    return anchored !== undefined;
  },

  /** FAILED, with what went wrong last, if the record is still PENDING. */
  markFailed: async (key: Key, failure: string, now: string): Promise<boolean> => {
    const failed = await conditional(() =>
      table.update(
        key,
        {
          expression: 'SET #status = :failed, failure = :failure, #updated = :now',
          values: { ':failed': 'FAILED', ':failure': failure, ':now': now },
        },
        {
          expression: '#status = :pending',
          names: { ...STATUS, '#updated': 'updated_at' },
          values: { ':pending': PENDING },
        },
      ),
    );
    return failed !== undefined;
  },
};
