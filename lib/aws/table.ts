import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { budget } from './budget';
import {
  dynamodbClient,
  type Expression,
  type Item,
  type ItemKey,
  type QueryInput,
  type TransactionItem,
  tableName,
} from './dynamodb';
import { cancellationCodes } from './errors';

/**
 * The operations on the single table, one export each, imported as a namespace
 * (`import * as table from '../aws/table'`) so a function bundles only the operations (and
 * the SDK commands) it calls. Repositories call them with plain objects; the table name is
 * added here. Every operation is one round trip, except where one says it pages or retries.
 */
const merge = (...parts: Array<Expression | undefined>) => {
  const names = Object.assign({}, ...parts.map((p) => p?.names)) as Record<string, string>;
  const values = Object.assign({}, ...parts.map((p) => p?.values)) as Record<string, unknown>;
  return {
    ...(Object.keys(names).length > 0 && { ExpressionAttributeNames: names }),
    ...(Object.keys(values).length > 0 && { ExpressionAttributeValues: values }),
  };
};
const keyOf = (key: ItemKey) => ({ pk: key.pk, sk: key.sk });

/** One item by key; `consistent` reads the latest write (a strongly consistent read, twice the read units). */
export async function get<T = Item>(key: ItemKey, options: { consistent?: boolean } = {}): Promise<T | undefined> {
  const { Item } = await dynamodbClient().send(
    new GetCommand({ TableName: tableName(), Key: keyOf(key), ConsistentRead: options.consistent }),
  );
  return Item as T | undefined;
}

/**
 * Reads several items by key (BatchGetItem), retrying only what DynamoDB left unprocessed;
 * `consistent` reads the latest writes (strongly consistent, twice the read units).
 */
export async function batchGet(keys: ItemKey[], options: { consistent?: boolean } = {}): Promise<Item[]> {
  const found: Item[] = [];
  let pending: Item[] = keys.map(keyOf);
  for (let attempt = 0; pending.length > 0 && attempt < 3; attempt++) {
    const result = await dynamodbClient().send(
      new BatchGetCommand({
        RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: options.consistent } },
      }),
    );
    found.push(...(result.Responses?.[tableName()] ?? []));
    pending = result.UnprocessedKeys?.[tableName()]?.Keys ?? [];
  }
  if (pending.length > 0) {
    throw Object.assign(new Error('BatchGetItem left keys unprocessed'), { name: 'ThrottlingException' });
  }
  return found;
}

/** One page of a Query. */
export async function query(input: QueryInput): Promise<{ items: Item[]; lastKey?: Item }> {
  const result = await dynamodbClient().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: input.index,
      KeyConditionExpression: input.keyCondition.expression,
      FilterExpression: input.filter?.expression,
      ...merge(input.keyCondition, input.filter),
      ExclusiveStartKey: input.startKey,
      Limit: input.limit,
      ScanIndexForward: input.descending ? false : undefined,
      ConsistentRead: input.consistent,
    }),
  );
  return { items: result.Items ?? [], lastKey: result.LastEvaluatedKey };
}

/** Every item a Query matches, across DynamoDB's 1 MB pages: one round trip unless past 1 MB. */
export async function queryAll<T = Item>(input: Omit<QueryInput, 'startKey'>): Promise<T[]> {
  const items: Item[] = [];
  let startKey: Item | undefined;
  do {
    const page = await query({ ...input, startKey });
    items.push(...page.items);
    startKey = page.lastKey;
  } while (startKey);
  return items as T[];
}

/** Legs of TransactWriteItems, in the SDK's terms. */
type Legs = NonNullable<TransactWriteCommandInput['TransactItems']>;

/** The attributes every leg (and every single-item write) shares: the table, the key, the condition. */
const target = (key: ItemKey, condition?: Expression, set?: Expression) => ({
  TableName: tableName(),
  Key: keyOf(key),
  UpdateExpression: set?.expression,
  ConditionExpression: condition?.expression,
  ...merge(set, condition),
});

/**
 * Updates (or creates) an item; returns the item as it is after the write. Under an
 * idempotency fence (lib/aws/budget.ts) the update and the fence are one transaction, and
 * the item is then read back (strongly consistent).
 */
export async function update<T = Item>(key: ItemKey, set: Expression, condition?: Expression): Promise<T> {
  if (budget()?.fence) {
    await fenced([{ Update: target(key, condition, set) as Legs[number]['Update'] }]);
    return (await get<T>(key, { consistent: true })) as T;
  }
  const { Attributes } = await dynamodbClient().send(
    new UpdateCommand({ ...(target(key, condition, set) as UpdateCommandInput), ReturnValues: 'ALL_NEW' }),
  );
  return Attributes as T;
}

/**
 * Deletes an item; returns it as it was. Not fenced: no idempotent request's first effect is
 * a delete (the key's own release runs without the fence).
 */
async function deleteItem<T = Item>(key: ItemKey, condition?: Expression): Promise<T | undefined> {
  const { Attributes } = await dynamodbClient().send(
    new DeleteCommand({ ...target(key, condition), ReturnValues: 'ALL_OLD' }),
  );
  return Attributes as T | undefined;
}

/** All legs succeed or none does (TransactWriteItems); under an idempotency fence, see `fenced`. */
export async function transact(items: TransactionItem[]): Promise<void> {
  await fenced(
    items.map((leg) => {
      if ('put' in leg) {
        return {
          Put: {
            TableName: tableName(),
            Item: leg.put,
            ConditionExpression: leg.condition?.expression,
            ...merge(leg.condition),
          },
        };
      }
      if ('check' in leg) {
        return { ConditionCheck: target(leg.check, leg.condition) as Legs[number]['ConditionCheck'] };
      }
      if ('update' in leg) return { Update: target(leg.update, leg.condition, leg.set) as Legs[number]['Update'] };
      return { Delete: target(leg.delete, leg.condition) };
    }),
  );
}

/**
 * Sends a transaction. Under an idempotency fence the fence is one more leg, after the
 * caller's (so the indexes of a cancellation's reasons stay theirs); when the fence's own
 * condition fails, the fence's error is thrown instead; once it landed, later writes of the
 * request need not carry it.
 */
async function fenced(legs: Legs): Promise<void> {
  const b = budget();
  const fence = b?.fence;
  const all = fence
    ? [...legs, { Update: target(fence.update, fence.condition, fence.set) as Legs[number]['Update'] }]
    : legs;
  try {
    await dynamodbClient().send(new TransactWriteCommand({ TransactItems: all }));
  } catch (error) {
    if (fence && cancellationCodes(error)?.at(-1) === 'ConditionalCheckFailed') throw fence.lost();
    throw error;
  }
  if (b && fence) b.fence = undefined;
}

export { deleteItem as delete };
