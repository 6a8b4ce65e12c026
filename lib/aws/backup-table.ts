import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { optional, region, required } from '../config';
import { bounded, clientSettings } from './budget';
import type { Item, ItemKey } from './dynamodb';

/**
 * The back-up copy's table (EN 18221; docs/deploy.md, The back-up copy), written only by the
 * replicator (lib/backup): another account's table in another region, named by its ARN
 * (BACKUP_TABLE_NAME), which DynamoDB takes as a table name for a cross-account call allowed by
 * that table's resource policy. Locally a table of the back-up's own DynamoDB Local.
 */
const backupTableName = /* @__PURE__ */ required('BACKUP_TABLE_NAME');
const backupRegion = /* @__PURE__ */ optional('BACKUP_REGION');
const endpoint = /* @__PURE__ */ optional('BACKUP_DYNAMODB_ENDPOINT');

/** A copy is one small write; an attempt silent for 2 s is retried (up to the budget), as the primary table's. */
const REQUEST_TIMEOUT_MS = 2_000;

let documentClient: DynamoDBDocumentClient | undefined;
const client = (): DynamoDBDocumentClient => {
  documentClient ??= bounded(
    DynamoDBDocumentClient.from(
      new DynamoDBClient({
        region: backupRegion() ?? region(),
        endpoint: endpoint(),
        ...clientSettings(REQUEST_TIMEOUT_MS),
      }),
      { marshallOptions: { removeUndefinedValues: true } },
    ),
  );
  return documentClient;
};

/** Writes the item as it is, whole (the back-up holds what the primary holds). */
export async function put(item: Item): Promise<void> {
  await client().send(new PutCommand({ TableName: backupTableName(), Item: item }));
}

/** Removes the item (idempotent: removing an absent item is no error). */
export async function remove(key: ItemKey): Promise<void> {
  await client().send(new DeleteCommand({ TableName: backupTableName(), Key: { pk: key.pk, sk: key.sk } }));
}
