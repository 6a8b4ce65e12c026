import { BatchGetCommand, type BatchGetCommandInput, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AwsClientStub } from 'aws-sdk-client-mock';

/**
 * Answers BatchGetItem from a set of items the way DynamoDB does: only the items whose
 * keys were asked for, so a test fails if the code asks for the wrong key (an unhashed
 * API key, a wallet address not lowercased).
 */
export function answerBatchGetFrom(
  db: AwsClientStub<DynamoDBDocumentClient>,
  items: ReadonlyArray<Record<string, unknown> & { pk: string; sk: string }>,
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
