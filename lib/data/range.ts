import { type Expression, type Item, table } from '../aws/dynamodb';
import { gsi1, type IndexRange, type Key, type KeyRange } from './keys';

/** The key condition of a key range: `pk = :pk AND sk BETWEEN :from AND :to`. */
export const inRange = (range: KeyRange): Expression => ({
  expression: 'pk = :pk AND sk BETWEEN :from AND :to',
  values: { ':pk': range.pk, ':from': range.from, ':to': range.to },
});

/** Every item of a key range, oldest first, across DynamoDB's 1 MB pages. */
export const readWholeRange = (range: KeyRange): Promise<Item[]> => table.queryAll({ keyCondition: inRange(range) });

/**
 * Up to `wanted` items of a key range (`pk = :pk AND sk BETWEEN :from AND :to`), oldest first,
 * after `after` (a key of the range, decoded from a cursor), across DynamoDB's 1 MB pages. The
 * one reader of a range for the lists: files under a parent, a DPP's versions and notarizations.
 */
export async function queryRange(range: KeyRange, wanted: number, after?: Key): Promise<Item[]> {
  const items: Item[] = [];
  let next: Item | undefined = after && { pk: after.pk, sk: after.sk };
  do {
    const result = await table.query({
      keyCondition: inRange(range),
      startKey: next,
      limit: wanted - items.length,
    });
    items.push(...result.items);
    next = result.lastKey;
  } while (next && items.length < wanted);
  return items;
}

/**
 * The same over a gsi1 range (what a company owns of one kind): up to `wanted` items, oldest
 * id first, after `after` (a key of the range: the index's partition and sort key). A read of
 * an index is eventually consistent (DynamoDB has no other kind for a global index).
 */
export async function queryIndexRange(range: IndexRange, wanted: number, after?: Key): Promise<Item[]> {
  const items: Item[] = [];
  let next: Item | undefined = after && { gsi1pk: after.pk, gsi1sk: after.sk, ...range.tableKey(after.sk) };
  do {
    const result = await table.query({
      index: gsi1.name,
      keyCondition: {
        expression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
        values: { ':pk': range.pk, ':from': range.from, ':to': range.to },
      },
      startKey: next,
      limit: wanted - items.length,
    });
    items.push(...result.items);
    next = result.lastKey;
  } while (next && items.length < wanted);
  return items;
}
