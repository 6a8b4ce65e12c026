import { BatchGetCommand, type BatchGetCommandInput, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { getItems, itemKey } from '../../../lib/data/batch';
import { isDependencyUnavailable } from '../../../lib/http/dependency-errors';

const db = mockClient(DynamoDBDocumentClient);
const TABLE = process.env.TABLE_NAME!;
const a = { pk: 'A', sk: 'A' };
const b = { pk: 'B', sk: 'B' };
const keysOf = (input: BatchGetCommandInput) => input.RequestItems?.[TABLE]?.Keys;

beforeEach(() => db.reset());

describe('getItems', () => {
  it('returns the items found, keyed by pk|sk, in one BatchGetItem', async () => {
    db.on(BatchGetCommand).resolves({ Responses: { [TABLE]: [{ ...a, x: 1 }] } });
    const found = await getItems([a, b]);
    expect([...found.entries()]).toEqual([[itemKey(a), { ...a, x: 1 }]]);
    expect(db.commandCalls(BatchGetCommand)).toHaveLength(1);
  });

  it('asks again for the unprocessed keys only', async () => {
    db.on(BatchGetCommand)
      .resolvesOnce({ Responses: { [TABLE]: [a] }, UnprocessedKeys: { [TABLE]: { Keys: [b] } } })
      .resolves({ Responses: { [TABLE]: [b] } });
    const found = await getItems([a, b]);
    expect([...found.keys()].sort()).toEqual([itemKey(a), itemKey(b)]);
    const calls = db.commandCalls(BatchGetCommand);
    expect(calls.map((c) => keysOf(c.args[0].input))).toEqual([[a, b], [b]]);
  });

  it('gives up after three tries with an error that counts as a dependency being unavailable', async () => {
    db.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => ({ UnprocessedKeys: input.RequestItems }));
    const error = await getItems([a]).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isDependencyUnavailable(error)).toBe(true);
    expect(db.commandCalls(BatchGetCommand)).toHaveLength(3);
  });
});
