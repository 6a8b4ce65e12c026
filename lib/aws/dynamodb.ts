import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { optional, region, required } from '../config';
import { bounded, clientSettings } from './budget';

/**
 * The single table (see lib/data/keys.ts and docs/data-model.md), and the only module
 * that speaks DynamoDB's SDK. Repositories call these operations with plain objects; the
 * table name is added here. Every operation is one round trip, except where a method
 * says it pages or retries.
 */
const tableNameSetting = /* @__PURE__ */ required('TABLE_NAME');
/** The table's name (TABLE_NAME), checked at start. */
export const tableName = (): string => tableNameSetting();
const endpoint = /* @__PURE__ */ optional('DYNAMODB_ENDPOINT');

/** DynamoDB answers in milliseconds; an attempt silent for 2 s is retried (up to the budget). */
const REQUEST_TIMEOUT_MS = 2_000;

let documentClient: DynamoDBDocumentClient | undefined;
/** The client, made on first use (after the function's settings were checked at start). */
export const dynamodbClient = (): DynamoDBDocumentClient => {
  documentClient ??= bounded(
    DynamoDBDocumentClient.from(
      new DynamoDBClient({ region: region(), endpoint: endpoint(), ...clientSettings(REQUEST_TIMEOUT_MS) }),
      { marshallOptions: { removeUndefinedValues: true } },
    ),
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
  /** Reads the latest writes (strongly consistent, twice the read units; the table only, never an index). */
  consistent?: boolean;
}

/** One leg of a transaction, in the table's own terms. */
export type TransactionItem =
  | { put: Item; condition?: Expression }
  | { check: ItemKey; condition: Expression }
  | { update: ItemKey; set: Expression; condition?: Expression }
  | { delete: ItemKey; condition?: Expression };
