import { type Item, table } from '../aws/dynamodb';
import type { Key, KeyRange } from './keys';

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
      keyCondition: {
        expression: 'pk = :pk AND sk BETWEEN :from AND :to',
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
