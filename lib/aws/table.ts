import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { type Fence, fenceLanded, pendingFence } from './budget';
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

/**
 * Updates (or creates) an item; returns the item as it is after the write. Under an
 * idempotency fence (lib/aws/budget.ts) the update and the fence are one transaction, and
 * the item is then read back (strongly consistent).
 */
export async function update<T = Item>(key: ItemKey, set: Expression, condition?: Expression): Promise<T> {
  if (pendingFence()) {
    await transact([{ update: key, set, condition }]);
    return (await get<T>(key, { consistent: true })) as T;
  }
  const { Attributes } = await dynamodbClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keyOf(key),
      UpdateExpression: set.expression,
      ConditionExpression: condition?.expression,
      ...merge(set, condition),
      ReturnValues: 'ALL_NEW',
    }),
  );
  return Attributes as T;
}

/**
 * Deletes an item; returns it as it was. Under an idempotency fence the delete and the fence
 * are one transaction, and the item is read (strongly consistent) just before.
 */
async function deleteItem<T = Item>(key: ItemKey, condition?: Expression): Promise<T | undefined> {
  if (pendingFence()) {
    const before = await get<T>(key, { consistent: true });
    await transact([{ delete: key, condition }]);
    return before;
  }
  const { Attributes } = await dynamodbClient().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: keyOf(key),
      ConditionExpression: condition?.expression,
      ...merge(condition),
      ReturnValues: 'ALL_OLD',
    }),
  );
  return Attributes as T | undefined;
}

/**
 * All legs succeed or none does (TransactWriteItems). Under an idempotency fence the fence is
 * one more leg, after the caller's (so the indexes of a cancellation's reasons stay theirs);
 * when the fence's own condition fails, the fence's error is thrown instead.
 */
export async function transact(items: TransactionItem[]): Promise<void> {
  const fence = pendingFence();
  await sendTransaction(fence ? [...items, fenceLeg(fence)] : items, fence);
  if (fence) fenceLanded();
}

const fenceLeg = (fence: Fence): TransactionItem => ({
  update: fence.update,
  set: fence.set,
  condition: fence.condition,
});

async function sendTransaction(items: TransactionItem[], fence: Fence | undefined): Promise<void> {
  const legs: NonNullable<TransactWriteCommandInput['TransactItems']> = items.map((leg) => {
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
      return {
        ConditionCheck: {
          TableName: tableName(),
          Key: keyOf(leg.check),
          ConditionExpression: leg.condition.expression,
          ...merge(leg.condition),
        },
      };
    }
    if ('update' in leg) {
      return {
        Update: {
          TableName: tableName(),
          Key: keyOf(leg.update),
          UpdateExpression: leg.set.expression,
          ConditionExpression: leg.condition?.expression,
          ...merge(leg.set, leg.condition),
        },
      };
    }
    return {
      Delete: {
        TableName: tableName(),
        Key: keyOf(leg.delete),
        ConditionExpression: leg.condition?.expression,
        ...merge(leg.condition),
      },
    };
  });
  try {
    await dynamodbClient().send(new TransactWriteCommand({ TransactItems: legs }));
  } catch (error) {
    if (fence && cancellationCodes(error)?.at(-1) === 'ConditionalCheckFailed') throw fence.lost();
    throw error;
  }
}

export { deleteItem as delete };
