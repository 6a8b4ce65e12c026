import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { optional, region, required } from '../config';

/**
 * The single table (see lib/data/keys.ts and docs/data-model.md), and the only module
 * that speaks DynamoDB's SDK. Repositories call these operations with plain objects; the
 * table name is added here. Every operation is one round trip, except where a method
 * says it pages or retries.
 */
const tableNameSetting = /* @__PURE__ */ required('TABLE_NAME');
const endpoint = /* @__PURE__ */ optional('DYNAMODB_ENDPOINT');

let documentClient: DynamoDBDocumentClient | undefined;
/** The client, made on first use (after the function's settings were checked at start). */
export const dynamodbClient = (): DynamoDBDocumentClient => {
  documentClient ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: region(), endpoint: endpoint(), maxAttempts: 3 }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return documentClient;
};

export type Item = Record<string, unknown>;
export interface ItemKey {
  pk: string;
  sk: string;
}

/** A condition or expression with its placeholders. */
export interface Expression {
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

export interface QueryInput {
  /** A global secondary index to query instead of the table (`gsi1`); the row needs `tableIndexes`. */
  index?: string;
  keyCondition: Expression;
  filter?: Expression;
  startKey?: Item;
  limit?: number;
  /** Highest sort key first (ScanIndexForward false). */
  descending?: boolean;
}

/** One leg of a transaction, in the table's own terms. */
export type TransactionItem =
  | { put: Item; condition?: Expression }
  | { check: ItemKey; condition: Expression }
  | { update: ItemKey; set: Expression; condition?: Expression }
  | { delete: ItemKey; condition?: Expression };

const merge = (...parts: Array<Expression | undefined>) => {
  const names = Object.assign({}, ...parts.map((p) => p?.names)) as Record<string, string>;
  const values = Object.assign({}, ...parts.map((p) => p?.values)) as Record<string, unknown>;
  return {
    ...(Object.keys(names).length > 0 && { ExpressionAttributeNames: names }),
    ...(Object.keys(values).length > 0 && { ExpressionAttributeValues: values }),
  };
};
const keyOf = (key: ItemKey) => ({ pk: key.pk, sk: key.sk });

export const table = {
  /** One item by key; `consistent` reads the latest write (a strongly consistent read, twice the read units). */
  async get<T = Item>(key: ItemKey, options: { consistent?: boolean } = {}): Promise<T | undefined> {
    const { Item } = await dynamodbClient().send(
      new GetCommand({ TableName: tableNameSetting(), Key: keyOf(key), ConsistentRead: options.consistent }),
    );
    return Item as T | undefined;
  },

  /**
   * Reads several items by key (BatchGetItem), retrying only what DynamoDB left unprocessed;
   * `consistent` reads the latest writes (strongly consistent, twice the read units).
   */
  async batchGet(keys: ItemKey[], options: { consistent?: boolean } = {}): Promise<Item[]> {
    const found: Item[] = [];
    let pending: Item[] = keys.map(keyOf);
    for (let attempt = 0; pending.length > 0 && attempt < 3; attempt++) {
      const result = await dynamodbClient().send(
        new BatchGetCommand({
          RequestItems: { [tableNameSetting()]: { Keys: pending, ConsistentRead: options.consistent } },
        }),
      );
      found.push(...(result.Responses?.[tableNameSetting()] ?? []));
      pending = result.UnprocessedKeys?.[tableNameSetting()]?.Keys ?? [];
    }
    if (pending.length > 0) {
      throw Object.assign(new Error('BatchGetItem left keys unprocessed'), { name: 'ThrottlingException' });
    }
    return found;
  },

  /** One page of a Query. */
  async query(input: QueryInput): Promise<{ items: Item[]; lastKey?: Item }> {
    const result = await dynamodbClient().send(
      new QueryCommand({
        TableName: tableNameSetting(),
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
  },

  /** Every item a Query matches, across DynamoDB's 1 MB pages: one round trip unless past 1 MB. */
  async queryAll<T = Item>(input: Omit<QueryInput, 'startKey'>): Promise<T[]> {
    const items: Item[] = [];
    let startKey: Item | undefined;
    do {
      const page = await table.query({ ...input, startKey });
      items.push(...page.items);
      startKey = page.lastKey;
    } while (startKey);
    return items as T[];
  },

  /** Updates (or creates) an item; returns the item as it is after the write. */
  async update<T = Item>(key: ItemKey, set: Expression, condition?: Expression): Promise<T> {
    const { Attributes } = await dynamodbClient().send(
      new UpdateCommand({
        TableName: tableNameSetting(),
        Key: keyOf(key),
        UpdateExpression: set.expression,
        ConditionExpression: condition?.expression,
        ...merge(set, condition),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes as T;
  },

  /** Deletes an item; returns it as it was. */
  async delete<T = Item>(key: ItemKey, condition?: Expression): Promise<T | undefined> {
    const { Attributes } = await dynamodbClient().send(
      new DeleteCommand({
        TableName: tableNameSetting(),
        Key: keyOf(key),
        ConditionExpression: condition?.expression,
        ...merge(condition),
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Attributes as T | undefined;
  },

  /** All legs succeed or none does (TransactWriteItems). */
  async transact(items: TransactionItem[]): Promise<void> {
    const legs: NonNullable<TransactWriteCommandInput['TransactItems']> = items.map((leg) => {
      if ('put' in leg) {
        return {
          Put: {
            TableName: tableNameSetting(),
            Item: leg.put,
            ConditionExpression: leg.condition?.expression,
            ...merge(leg.condition),
          },
        };
      }
      if ('check' in leg) {
        return {
          ConditionCheck: {
            TableName: tableNameSetting(),
            Key: keyOf(leg.check),
            ConditionExpression: leg.condition.expression,
            ...merge(leg.condition),
          },
        };
      }
      if ('update' in leg) {
        return {
          Update: {
            TableName: tableNameSetting(),
            Key: keyOf(leg.update),
            UpdateExpression: leg.set.expression,
            ConditionExpression: leg.condition?.expression,
            ...merge(leg.set, leg.condition),
          },
        };
      }
      return {
        Delete: {
          TableName: tableNameSetting(),
          Key: keyOf(leg.delete),
          ConditionExpression: leg.condition?.expression,
          ...merge(leg.condition),
        },
      };
    });
    await dynamodbClient().send(new TransactWriteCommand({ TransactItems: legs }));
  },
};
