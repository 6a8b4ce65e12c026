import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { optional, region, required } from '../config';

/** The table every entity lives in (single-table design; see lib/data/keys.ts). */
export const tableName = required('TABLE_NAME');

export const db = DynamoDBDocumentClient.from(
  new DynamoDBClient({ region, endpoint: optional('DYNAMODB_ENDPOINT'), maxAttempts: 3 }),
  { marshallOptions: { removeUndefinedValues: true } },
);
