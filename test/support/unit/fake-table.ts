import {
  BatchGetCommand,
  type BatchGetCommandInput,
  type DynamoDBDocumentClient,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { AwsClientStub } from 'aws-sdk-client-mock';
import { dynamoErrors } from './aws-errors';

/**
 * Answers BatchGetItem from a set of items the way DynamoDB does: only the items whose
 * keys were asked for, so a test fails if the code asks for the wrong key (an unhashed
 * API key, a wallet address not lowercased).
 */
export function answerBatchGetFrom(
  db: AwsClientStub<DynamoDBDocumentClient>,
  items: ReadonlyArray<{ pk: string; sk: string }>,
): void {
  db.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => {
    const Responses: Record<string, Record<string, unknown>[]> = {};
    for (const [table, request] of Object.entries(input.RequestItems ?? {})) {
      Responses[table] = (request.Keys ?? []).flatMap((key) =>
        items.filter((item) => item.pk === key.pk && item.sk === key.sk),
      );
    }
    return { Responses, UnprocessedKeys: {}, $metadata: {} };
  });
}

/**
 * Answers Query from one sorted item collection the way DynamoDB does: honours
 * ExclusiveStartKey and Limit, sets LastEvaluatedKey when items remain, may stop a page
 * early (`pageCap`, as DynamoDB does at 1 MB), and refuses a start key outside the key
 * condition's `:from`..`:to` range.
 */
export function serveCollection(
  db: AwsClientStub<DynamoDBDocumentClient>,
  collection: ReadonlyArray<{ pk: string; sk: string }>,
  pageCap = Infinity,
): void {
  db.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const startSk = input.ExclusiveStartKey?.sk as string | undefined;
    const values = input.ExpressionAttributeValues ?? {};
    if (startSk !== undefined && (startSk < values[':from'] || startSk > values[':to'])) {
      throw dynamoErrors.validation();
    }
    const start = input.ExclusiveStartKey
      ? collection.findIndex((item) => item.sk === input.ExclusiveStartKey!.sk) + 1
      : 0;
    const take = Math.min(input.Limit ?? Infinity, pageCap);
    const Items = collection.slice(start, start + take);
    const last = Items[Items.length - 1];
    const more = start + Items.length < collection.length;
    return { Items, ...(more && last && { LastEvaluatedKey: { pk: last.pk, sk: last.sk } }) };
  });
}
