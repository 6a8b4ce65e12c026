import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { defined } from '../../lib/defined';
import { tableSchema } from '../table-schema';

/** SDK clients for the local engines, from the handler environment. */
export function localClients(env: Record<string, string>) {
  const credentials = {
    accessKeyId: defined(env.AWS_ACCESS_KEY_ID, 'AWS_ACCESS_KEY_ID'),
    secretAccessKey: defined(env.AWS_SECRET_ACCESS_KEY, 'AWS_SECRET_ACCESS_KEY'),
  };
  const dynamodb = new DynamoDBClient({ region: env.AWS_REGION, endpoint: env.DYNAMODB_ENDPOINT, credentials });
  return {
    dynamodb,
    doc: DynamoDBDocumentClient.from(dynamodb, { marshallOptions: { removeUndefinedValues: true } }),
    s3: new S3Client({ region: env.AWS_REGION, endpoint: env.S3_ENDPOINT, forcePathStyle: true, credentials }),
  };
}
export type LocalClients = ReturnType<typeof localClients>;

/**
 * Creates the table (same keys, index, TTL and stream as the CDK stack) and the bucket when
 * missing. Returns true when the table was new, i.e. the demo data should be seeded.
 */
export async function ensureTableAndBucket(clients: LocalClients, tableName: string, bucket: string): Promise<boolean> {
  const created = await ensureTable(clients.dynamodb, tableName);
  try {
    await clients.s3.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch {
    await clients.s3.send(new CreateBucketCommand({ Bucket: bucket }));
  }
  return created;
}

async function ensureTable(client: DynamoDBClient, tableName: string): Promise<boolean> {
  const stream = { StreamEnabled: true, StreamViewType: tableSchema.stream };
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    // A table kept (--persist) from before the table had a stream gets one.
    if (!Table?.StreamSpecification?.StreamEnabled) {
      await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: stream }));
    }
    return false;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const { partitionKey, sortKey, globalIndexes, timeToLiveAttribute } = tableSchema;
  const attributes = [partitionKey, sortKey, ...globalIndexes.flatMap((i) => [i.partitionKey, i.sortKey])];
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: attributes.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: partitionKey, KeyType: 'HASH' },
        { AttributeName: sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: globalIndexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      StreamSpecification: stream,
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: timeToLiveAttribute, Enabled: true },
    }),
  );
  return true;
}
