import type { Item } from '../aws/dynamodb';
import { isConditionFailure } from '../aws/errors';
import * as table from '../aws/table';
import { add, append, eq, indexPartition, notExists, remove, set, setAll, update, where } from '../data/expressions';
import { gsi1, type Key } from '../data/keys';
import type { NotarizationItem } from '../notarizations/model';

/**
 * The anchor worker's access to notarization records (lib/notarizations/model.ts,
 * NotarizationItem): one GetItem, a Query of the pending index for the sweep, the rest single
 * conditional UpdateItems. Every write is conditioned on the record still being PENDING, so a
 * record that is ANCHORED or FAILED never changes again, and a write that lost a race says so
 * (false / undefined) instead of throwing.
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
  /** What it was signed with (wei), for a fee bump; absent on a record stored before they were kept. */
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  gasLimit?: bigint;
}

const PENDING = 'PENDING';

/** Every write's condition: the record is still PENDING (a missing record has no status). */
const stillPending = eq('status', PENDING);

/** Out of the pending index: an ANCHORED or FAILED record is no sweep's business. */
const leavePendingIndex = [remove('gsi1pk'), remove('gsi1sk'), remove('waiting_for')];

async function conditional<T>(write: () => Promise<T>): Promise<T | undefined> {
  try {
    return await write();
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

const storeSet = (tx: StoredTransaction, now: string) => [
  set('raw_transaction', tx.raw),
  set('transaction_hash', tx.hash),
  set('nonce', tx.nonce),
  set('from', tx.from),
  set('to', tx.to),
  set('url', tx.url),
  ...(tx.maxFeePerGas !== undefined ? [set('max_fee_per_gas', tx.maxFeePerGas.toString())] : []),
  ...(tx.maxPriorityFeePerGas !== undefined
    ? [set('max_priority_fee_per_gas', tx.maxPriorityFeePerGas.toString())]
    : []),
  ...(tx.gasLimit !== undefined ? [set('gas_limit', tx.gasLimit.toString())] : []),
  set('sent_at', now),
  set('updated_at', now),
];

const written = (result: unknown) => result !== undefined;

export const anchoringRepository = {
  /** The record as last written (a strongly consistent read: a retry must see the transaction it stored). */
  read: (key: Key): Promise<NotarizationItem | undefined> => table.get<NotarizationItem>(key, { consistent: true }),

  /**
   * Counts one more attempt (and puts a record written before the pending index existed into
   * it); the record after it, or undefined when it is no longer PENDING (or gone).
   */
  countAttempt: (record: NotarizationItem, now: string): Promise<NotarizationItem | undefined> => {
    const key = { pk: record.pk, sk: record.sk };
    return conditional(() =>
      table.update<NotarizationItem>(
        key,
        update(
          set('updated_at', now),
          ...(record.gsi1pk === undefined ? setAll(gsi1.notarizationPending(record.created_at, key)) : []),
          add('attempts', 1),
        ),
        where(stillPending),
      ),
    );
  },

  /**
   * Keeps the signed transaction BEFORE it is sent, once: false when the record already holds
   * one (a retry re-sends that one instead) or is no longer PENDING.
   */
  storeTransaction: async (key: Key, tx: StoredTransaction, now: string): Promise<boolean> =>
    written(
      await conditional(() =>
        table.update(key, update(storeSet(tx, now)), where(stillPending, notExists('transaction_hash'))),
      ),
    ),

  /**
   * Replaces the stored transaction `previousHash` by `tx`, only if the record still holds
   * it: a `resign` when it can never be mined (its nonce went to another transaction of the
   * key), a `bump` (same nonce, higher fees) when it is stuck, which keeps the old hash among
   * `replaced_transactions` since either may still be the one mined.
   */
  replaceTransaction: async (
    key: Key,
    tx: StoredTransaction,
    previousHash: string,
    now: string,
    why: 'resign' | 'bump' = 'resign',
  ): Promise<boolean> =>
    written(
      await conditional(() =>
        table.update(
          key,
          update(
            storeSet(tx, now),
            ...(why === 'bump' ? [append('replaced_transactions', [previousHash]), add('fee_bumps', 1)] : []),
          ),
          where(stillPending, eq('transaction_hash', previousHash)),
        ),
      ),
    ),

  /** Its transaction `hash` is in a block that lacks confirmations yet: the block, still PENDING. */
  noteMined: async (
    key: Key,
    mined: { hash: string; blockHash: string; blockNumber: number },
    now: string,
  ): Promise<boolean> =>
    written(
      await conditional(() =>
        table.update(
          key,
          update(
            set('block_hash', mined.blockHash),
            set('block_number', mined.blockNumber),
            set('waiting_for', 'confirmations'),
            set('updated_at', now),
          ),
          where(stillPending),
        ),
      ),
    ),

  /** The block it was mined in left the chain (a reorg): the block forgotten, the reorg counted. */
  noteReorg: async (key: Key, now: string): Promise<boolean> =>
    written(
      await conditional(() =>
        table.update(
          key,
          update(remove('block_hash'), remove('block_number'), set('updated_at', now), add('reorgs', 1)),
          where(stillPending),
        ),
      ),
    ),

  /**
   * An attempt that did not anchor it and leaves it PENDING: what it waits for (a cause that
   * goes away), or one more counted failure (`waitingFor` undefined), and the error.
   */
  noteSetback: async (key: Key, setback: { waitingFor?: string; error: string }, now: string): Promise<boolean> =>
    written(
      await conditional(() =>
        table.update(
          key,
          update(
            set('last_error', setback.error),
            set('updated_at', now),
            ...(setback.waitingFor !== undefined
              ? [set('waiting_for', setback.waitingFor)]
              : [remove('waiting_for'), add('failures', 1)]),
          ),
          where(stillPending),
        ),
      ),
    ),

  /**
   * ANCHORED with the block that holds transaction `mined.hash` (the stored one, or one it
   * replaced), if the record is PENDING and still holds `storedHash`.
   */
  markAnchored: async (
    key: Key,
    mined: { hash: string; blockHash: string; blockNumber: number; url: string; confirmations: number },
    storedHash: string,
    now: string,
  ): Promise<boolean> =>
    written(
      await conditional(() =>
        table.update(
          key,
          update(
            set('status', 'ANCHORED'),
            set('transaction_hash', mined.hash),
            set('block_hash', mined.blockHash),
            set('block_number', mined.blockNumber),
            set('confirmations', mined.confirmations),
            set('url', mined.url),
            set('updated_at', now),
            leavePendingIndex,
          ),
          where(stillPending, eq('transaction_hash', storedHash)),
        ),
      ),
    ),

  /** FAILED, with what went wrong last, if the record is still PENDING. */
  markFailed: async (key: Key, failure: string, now: string): Promise<boolean> =>
    written(
      await conditional(() =>
        table.update(
          key,
          update(set('status', 'FAILED'), set('failure', failure), set('updated_at', now), leavePendingIndex),
          where(stillPending),
        ),
      ),
    ),

  /** One page of the pending index (gsi1 `NOTARIZATION#PENDING`), oldest first. */
  pending: async (startKey?: Item, limit = 25): Promise<{ records: NotarizationItem[]; lastKey?: Item }> => {
    const { items, lastKey } = await table.query({
      index: gsi1.name,
      keyCondition: indexPartition(gsi1.notarizationPendingPartition()),
      startKey,
      limit,
    });
    const records = (items as unknown as NotarizationItem[]).filter((item) => item.status === PENDING);
    return { records, lastKey };
  },
};
