import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../aws/dynamodb';
import type { Key } from './keys';

/**
 * Reads several items by key in one round trip (BatchGetItem), retrying only the keys
 * DynamoDB left unprocessed. Returns the items found, keyed by `pk|sk`.
 */
export async function getItems(keys: Key[]): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  let pending: Record<string, unknown>[] = keys.map(({ pk, sk }) => ({ pk, sk }));
  for (let attempt = 0; pending.length > 0 && attempt < 3; attempt++) {
    const result = await db.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending } } }));
    for (const item of result.Responses?.[tableName] ?? []) found.set(`${item.pk}|${item.sk}`, item);
    pending = result.UnprocessedKeys?.[tableName]?.Keys ?? [];
  }
  if (pending.length > 0) throw Object.assign(new Error('BatchGetItem left keys unprocessed'), { name: 'ThrottlingException' });
  return found;
}

export const itemKey = (key: Key): string => `${key.pk}|${key.sk}`;
