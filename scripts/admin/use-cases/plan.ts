import type { Item, TransactionItem } from '../../../lib/aws/dynamodb';
import { noItem } from '../../../lib/data/expressions';
import type { Key } from '../../../lib/data/keys';
import { MAX_TRANSACTION_BYTES } from '../../../lib/limits';
import type { Fixture } from './fixtures';
import { keyString, MAX_TRANSACTION_ITEMS } from './repository';

/**
 * What one import record writes, decided from what exists: the missing items only, each Put
 * conditioned on `attribute_not_exists(pk)`, in one transaction; the bytes of the missing
 * items' files before them. Pure, so the idempotency rules are tested without a table.
 */

/** An item of a record, and the object its bytes go to (a file or an image). */
export interface PlannedItem {
  item: Item & Key;
  object?: { key: string; fixture: Fixture };
}

export interface RecordPlan {
  /** In order; one unless the record's missing items exceed one transaction (100 actions or 4 MB). */
  transactions: TransactionItem[][];
  /** Objects to upload before the items: those of the missing items. */
  objects: Array<{ key: string; fixture: Fixture }>;
  /** Items written, and items already there. */
  written: number;
  present: number;
}

const absent = noItem();

/**
 * `items` in order with the record's root (the DPP, the template, the company) last, so when a
 * record needs several transactions its root is written by the last one: until then readers
 * (which start from the root) see nothing of it, and a re-run writes what is still missing.
 * `extra` legs (a seat counted on an existing company) go with the last transaction, and only
 * when something is written.
 */
export function planRecord(
  items: readonly PlannedItem[],
  existing: ReadonlySet<string> | ReadonlyMap<string, unknown>,
  extra: readonly TransactionItem[] = [],
): RecordPlan {
  const missing = items.filter(({ item }) => !existing.has(keyString(item)));
  const legs: TransactionItem[] = [
    ...missing.map(({ item }): TransactionItem => ({ put: item, condition: absent })),
    ...(missing.length > 0 ? extra : []),
  ];
  return {
    transactions: chunk(legs),
    objects: missing.flatMap(({ object }) => (object ? [object] : [])),
    written: missing.length,
    present: items.length - missing.length,
  };
}

const legBytes = (leg: TransactionItem): number => Buffer.byteLength(JSON.stringify(leg, setsAsArrays));
const setsAsArrays = (_: string, value: unknown) => (value instanceof Set ? [...value] : value);

/** Legs in transactions of at most 100 actions and MAX_TRANSACTION_BYTES, in order. */
export function chunk(legs: readonly TransactionItem[]): TransactionItem[][] {
  const transactions: TransactionItem[][] = [];
  let current: TransactionItem[] = [];
  let bytes = 0;
  for (const leg of legs) {
    const size = legBytes(leg);
    if (current.length > 0 && (current.length === MAX_TRANSACTION_ITEMS || bytes + size > MAX_TRANSACTION_BYTES)) {
      transactions.push(current);
      current = [];
      bytes = 0;
    }
    current.push(leg);
    bytes += size;
  }
  if (current.length > 0) transactions.push(current);
  return transactions;
}
