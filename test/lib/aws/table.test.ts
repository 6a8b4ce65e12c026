import { BatchGetCommand, type BatchGetCommandInput, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { isDependencyUnavailable } from '../../../lib/aws/errors';
import * as table from '../../../lib/aws/table';
import { failure } from '../../support/unit/rejection';

const db = mockClient(DynamoDBDocumentClient);
const TABLE = process.env.TABLE_NAME!;
const a = { pk: 'A', sk: 'A' };
const b = { pk: 'B', sk: 'B' };
const keysOf = (input: BatchGetCommandInput) => input.RequestItems?.[TABLE]?.Keys;

beforeEach(() => db.reset());

describe('table.batchGet', () => {
  it('returns the items found, in one BatchGetItem on the configured table', async () => {
    db.on(BatchGetCommand).resolves({ Responses: { [TABLE]: [{ ...a, x: 1 }] } });
    expect(await table.batchGet([a, b])).toEqual([{ ...a, x: 1 }]);
    const calls = db.commandCalls(BatchGetCommand);
    expect(calls).toHaveLength(1);
    expect(keysOf(calls[0]!.args[0].input)).toEqual([a, b]);
  });

  it('asks again for the unprocessed keys only', async () => {
    db.on(BatchGetCommand)
      .resolvesOnce({ Responses: { [TABLE]: [a] }, UnprocessedKeys: { [TABLE]: { Keys: [b] } } })
      .resolves({ Responses: { [TABLE]: [b] } });
    const found = await table.batchGet([a, b]);
    expect(found).toEqual([a, b]);
    expect(db.commandCalls(BatchGetCommand).map((c) => keysOf(c.args[0].input))).toEqual([[a, b], [b]]);
  });

  it('gives up after three tries with an error that counts as a dependency being unavailable', async () => {
    db.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => ({ UnprocessedKeys: input.RequestItems }));
    expect(isDependencyUnavailable(await failure(table.batchGet([a])))).toBe(true);
    expect(db.commandCalls(BatchGetCommand)).toHaveLength(3);
  });
});
