import type { Item, TransactionItem } from '../../../lib/aws/dynamodb';
import { cancellationCodes } from '../../../lib/aws/errors';
import * as table from '../../../lib/aws/table';
import { partition } from '../../../lib/data/expressions';
import type { Key } from '../../../lib/data/keys';

/**
 * All DynamoDB access of the admin import and export (docs/data-model.md, patterns 30-32).
 * The import reads, per record, which of its items exist (a BatchGetItem of their keys, or
 * one Query of the item collection that holds them) and writes the missing ones in one
 * transaction; the export reads a DPP's collections whole.
 */

/** BatchGetItem takes at most 100 keys a request. */
const BATCH_GET_KEYS = 100;

export const keyString = (key: Key): string => `${key.pk}\u0000${key.sk}`;

/** The items of `keys` that exist, by keyString: one BatchGetItem (several in parallel past 100 keys). */
export async function readItems(keys: readonly Key[]): Promise<Map<string, Item>> {
  const unique = [...new Map(keys.map((key) => [keyString(key), { pk: key.pk, sk: key.sk }])).values()];
  const batches: Key[][] = [];
  for (let i = 0; i < unique.length; i += BATCH_GET_KEYS) batches.push(unique.slice(i, i + BATCH_GET_KEYS));
  const found = (await Promise.all(batches.map((batch) => table.batchGet(batch)))).flat();
  return new Map(found.map((item) => [keyString(item as unknown as Key), item]));
}

/** One item by key. */
export const readItem = (key: Key): Promise<Item | undefined> => table.get(key);

/** Every item of one item collection (`pk = :pk`): one Query, more pages only past 1 MB. */
export async function readCollection(pk: string): Promise<Item[]> {
  return table.queryAll({ keyCondition: partition(pk) });
}

/** TransactWriteItems takes at most 100 actions. */
export const MAX_TRANSACTION_ITEMS = 100;

/**
 * Writes the transactions in order, each all or nothing. False when one was cancelled by a
 * condition (an item written meanwhile by someone else, or a company gone): nothing of that
 * transaction was written, and the caller reads again.
 */
export async function writeTransactions(transactions: readonly TransactionItem[][]): Promise<boolean> {
  for (const legs of transactions) {
    try {
      await table.transact(legs);
    } catch (error) {
      const codes = cancellationCodes(error);
      if (codes?.some((code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict')) return false;
      throw error;
    }
  }
  return true;
}
