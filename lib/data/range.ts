import type { Item, QueryInput } from '../aws/dynamodb';
import * as table from '../aws/table';
import { inIndexRange, inRange } from './expressions';
import { gsi1, type IndexRange, type Key, type KeyRange } from './keys';

/** Every item of a key range, oldest first, across DynamoDB's 1 MB pages (`consistent`: strongly consistent). */
export const readWholeRange = (range: KeyRange, options: { consistent?: boolean } = {}): Promise<Item[]> =>
  table.queryAll({ keyCondition: inRange(range), consistent: options.consistent });

/**
 * Up to `wanted` items of a key range (`pk = :pk AND sk BETWEEN :from AND :to`), oldest first,
 * after `after` (a key of the range, decoded from a cursor), across DynamoDB's 1 MB pages. The
 * one reader of a range for the lists: files under a parent, a DPP's versions and notarizations.
 */
export async function queryRange(range: KeyRange, wanted: number, after?: Key): Promise<Item[]> {
  return queryUpTo({ keyCondition: inRange(range) }, wanted, after && { pk: after.pk, sk: after.sk });
}

/**
 * A page of a key range: up to `limit` items after `after`, and the key after which the next
 * page starts (undefined on the last page), from one read of `limit + 1`.
 */
export async function pageRange<T extends Key>(
  range: KeyRange,
  limit: number,
  after?: Key,
): Promise<{ items: T[]; nextKey: Key | undefined }> {
  const items = (await queryRange(range, limit + 1, after)) as unknown as T[];
  const more = items.length > limit;
  if (more) items.length = limit;
  const last = items[items.length - 1];
  return { items, nextKey: more && last ? { pk: last.pk, sk: last.sk } : undefined };
}

/**
 * The same over a gsi1 range (what a company owns of one kind): up to `wanted` items, oldest
 * id first, after `after` (a key of the range: the index's partition and sort key). A read of
 * an index is eventually consistent (DynamoDB has no other kind for a global index).
 */
export async function queryIndexRange(range: IndexRange, wanted: number, after?: Key): Promise<Item[]> {
  const start = after && { gsi1pk: after.pk, gsi1sk: after.sk, ...range.tableKey(after.sk) };
  return queryUpTo({ index: gsi1.name, keyCondition: inIndexRange(range) }, wanted, start);
}

/** Up to `wanted` items of a Query from `start`, across DynamoDB's 1 MB pages. */
async function queryUpTo(input: Omit<QueryInput, 'startKey' | 'limit'>, wanted: number, start?: Item): Promise<Item[]> {
  const items: Item[] = [];
  let next = start;
  do {
    const result = await table.query({ ...input, startKey: next, limit: wanted - items.length });
    items.push(...result.items);
    next = result.lastKey;
  } while (next && items.length < wanted);
  return items;
}
