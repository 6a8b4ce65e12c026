import {
  BatchGetCommand,
  type BatchGetCommandInput,
  DynamoDBDocumentClient,
  GetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { budget, withBudget } from '../../../lib/aws/budget';
import { isConditionFailure, isDependencyUnavailable } from '../../../lib/aws/errors';
import * as table from '../../../lib/aws/table';
import { dynamoErrors } from '../../support/unit/aws-errors';
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

describe('writes under an idempotency fence', () => {
  const record = { pk: 'IDEMPOTENCY#c', sk: 'route#key' };
  const fence = {
    update: record,
    set: { expression: 'SET #a = :u0', names: { '#a': 'applied_at' }, values: { ':u0': 'now' } },
    condition: { expression: '#t = :c0', names: { '#t': 'token' }, values: { ':c0': 'mine' } },
    lost: () => new Error('lost the key'),
  };
  const fenced = <T>(work: () => Promise<T>) =>
    withBudget({ work: Number.POSITIVE_INFINITY, last: Number.POSITIVE_INFINITY }, () => {
      budget()!.fence = fence;
      return work();
    });
  const legsOf = () => db.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems);

  it('adds the fence to the first write’s transaction, as its last leg, and to no later write', async () => {
    db.on(TransactWriteCommand).resolves({});
    await fenced(async () => {
      await table.transact([{ put: { ...a, x: 1 } }]);
      await table.transact([{ put: { ...b, x: 1 } }]);
    });
    const [first, second] = legsOf();
    expect(first).toHaveLength(2);
    expect(first![1]).toMatchObject({ Update: { Key: record, ConditionExpression: '#t = :c0' } });
    expect(second).toHaveLength(1);
  });

  it('makes a single-item update a transaction with the fence, and reads the item back', async () => {
    db.on(TransactWriteCommand).resolves({});
    db.on(GetCommand).resolves({ Item: { ...a, x: 2 } });
    const item = await fenced(() =>
      table.update(a, { expression: 'SET #x = :x', names: { '#x': 'x' }, values: { ':x': 2 } }),
    );
    expect(item).toEqual({ ...a, x: 2 });
    expect(legsOf()[0]).toHaveLength(2);
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(db.commandCalls(GetCommand)[0]!.args[0].input.ConsistentRead).toBe(true);
  });

  it('throws the fence’s own error when the key was taken over, not a failed condition of the caller’s', async () => {
    db.on(TransactWriteCommand).rejects(dynamoErrors.transactionCanceled('None', 'ConditionalCheckFailed'));
    const error = await failure(fenced(() => table.transact([{ put: { ...a } }])));
    expect((error as Error).message).toBe('lost the key');
  });

  it('lets a failed condition of the caller’s leg through as it is, and keeps the fence for the next write', async () => {
    db.on(TransactWriteCommand)
      .rejectsOnce(dynamoErrors.transactionCanceled('ConditionalCheckFailed', 'None'))
      .resolves({});
    await fenced(async () => {
      expect(isConditionFailure(await failure(table.transact([{ put: { ...a } }])))).toBe(true);
      await table.transact([{ put: { ...b } }]);
    });
    expect(legsOf().map((legs) => legs?.length)).toEqual([2, 2]);
  });
});
