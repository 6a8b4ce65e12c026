import { createServer, type Server, type Socket } from 'node:net';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bounded, budget, clientSettings } from '../../../lib/aws/budget';
import { isDependencyUnavailable } from '../../../lib/aws/errors';
import { WORKER_RESERVE_MS } from '../../../lib/events/budget';
import { scheduledWorker } from '../../../lib/events/scheduled';
import { streamWorker } from '../../../lib/events/stream-worker';
import { rpcClient } from '../../../lib/evm/rpc';
import { failure } from '../../support/unit/rejection';

/**
 * The workers' time budget (lib/events/budget.ts): a DynamoDB call or a call to the chain's
 * node that never gets an answer (a socket that accepts and stays silent, as a paused engine)
 * is abandoned WORKER_RESERVE_MS before the function's timeout, whatever its own timeout, and
 * the worker reports a failure that is retried: the stream's record, the schedule's run.
 */
let silent: Server;
const sockets: Socket[] = [];
let silentUrl = '';

beforeAll(async () => {
  silent = createServer((socket) => {
    sockets.push(socket);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

/** A client whose own attempts wait a minute: only the budget can cut them within the test's timeout. */
const table = () =>
  bounded(
    new DynamoDBClient({
      region: 'eu-central-1',
      endpoint: silentUrl,
      credentials: { accessKeyId: 'unit', secretAccessKey: 'unit' },
      ...clientSettings(60_000),
    }),
  );
const read = () => table().send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' }, sk: { S: 'a' } } }));
/** A Lambda context with `ms` left beyond the reserve. */
const context = (ms: number) =>
  ({
    functionName: 'worker',
    awsRequestId: 'req-1',
    getRemainingTimeInMillis: () => WORKER_RESERVE_MS + ms,
  }) as Context;
const streamEvent: DynamoDBStreamEvent = {
  Records: [
    {
      eventID: 'e-1',
      dynamodb: { Keys: { pk: { S: 'HISTORY#d' }, sk: { S: 'NOTARIZATION#1' } }, SequenceNumber: '41' },
    },
  ],
};

describe('a stream worker’s invocation', () => {
  it('abandons a DynamoDB call that hangs before the function’s timeout and reports its record failed, for the stream to deliver again', async () => {
    let error: unknown;
    const handler = streamWorker('worker', async () => {
      error = await failure(read());
      throw error;
    });
    expect(await handler(streamEvent, context(200))).toEqual({ batchItemFailures: [{ itemIdentifier: '41' }] });
    expect(isDependencyUnavailable(error)).toBe(true);
  });

  it('abandons a call to the chain’s node that hangs, whatever the node’s own timeout', async () => {
    let error: unknown;
    const handler = streamWorker('worker', async () => {
      error = await failure(rpcClient(silentUrl, { timeoutMs: 60_000 })('eth_blockNumber'));
      throw error;
    });
    expect(await handler(streamEvent, context(200))).toEqual({ batchItemFailures: [{ itemIdentifier: '41' }] });
    expect(error).toMatchObject({ name: 'RpcUnavailableError' });
  });

  it('runs outside any budget when the invocation has no context (a script, npm run invoke)', async () => {
    let inside: unknown = 'unset';
    const handler = streamWorker('worker', async () => {
      inside = budget()?.signal.aborted;
    });
    await handler(streamEvent, undefined as unknown as Context);
    expect(inside).toBe(false);
  });
});

describe('a scheduled worker’s run', () => {
  it('abandons a DynamoDB call that hangs before the function’s timeout and fails the run, which the next run redoes', async () => {
    const handler = scheduledWorker('worker', async () => read());
    const error = await failure(handler({ executionId: 'exec-1' }, context(200)));
    expect(isDependencyUnavailable(error)).toBe(true);
  });
});
