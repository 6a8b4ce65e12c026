import { randomBytes, randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { LOCAL_ANCHOR_ADDRESS, LOCAL_TABLE } from '../../../infra/local/environment';
import { type LocalStreamWorker, type StreamHandler, startStreamWorker } from '../../../infra/local/stream-worker';
import { tableWritten } from '../../../infra/local/table-writes';
import * as keys from '../../../lib/data/keys';
import { ethereum, rpcClient } from '../../../lib/evm/rpc';
import { fromHex, type Hex, toHex } from '../../../lib/evm/transaction';
import { logger } from '../../../lib/logger';
import { type NotarizationItem, toNotarizationItem } from '../../../lib/notarizations/model';
import { EVENTUALLY_TEST_TIMEOUT_MS, eventually } from '../../support/eventually';

// Each test waits for the worker (test/support/eventually.ts): its timeout is the wait's guard.
vi.setConfig({ testTimeout: EVENTUALLY_TEST_TIMEOUT_MS });

/**
 * The local stand-in for the cloud's event source mapping (infra/local/stream-worker.ts) on
 * DynamoDB Local's stream, and through it the real anchor worker on the local chain: the
 * local stack of the test setup runs one, and these tests start more of their own with a
 * recording handler to see which records it hands over, and how often.
 */
const env = inject('localEnv');
const apiUrl = inject('apiUrl');
const chain = ethereum(rpcClient(inject('evmRpcUrl')));
const doc = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    region: env.AWS_REGION,
    endpoint: env.DYNAMODB_ENDPOINT,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! },
  }),
);
const workers: LocalStreamWorker[] = [];
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
});

const hex32 = () => randomBytes(32).toString('hex');

/** A notarization record as notarize writes it: PENDING, no attempt yet, under a DPP of its own. */
function pendingNotarization(): NotarizationItem {
  const now = new Date().toISOString();
  return toNotarizationItem({
    id: randomUUID(),
    dpp_id: randomUUID(),
    company_id: randomUUID(),
    version: 1,
    version_id: `v-${randomUUID()}`,
    dpp_hash: hex32(),
    report_hash: hex32(),
    submitter: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    snapshot: { dpp: {} as NotarizationItem['snapshot']['dpp'], files: [], cards: [] },
    status: 'PENDING',
    created_at: now,
    updated_at: now,
    attempts: 0,
  });
}

const put = (item: object) => doc.send(new PutCommand({ TableName: LOCAL_TABLE, Item: item }));
const read = async (key: { pk: string; sk: string }) =>
  (await doc.send(new GetCommand({ TableName: LOCAL_TABLE, Key: { pk: key.pk, sk: key.sk }, ConsistentRead: true })))
    .Item as NotarizationItem | undefined;

/** Polls until the stream worker did `what` (no duration asserted: test/support/eventually.ts). */
const until = <T>(what: string, check: () => Promise<T | undefined>): Promise<T> =>
  eventually(what, check, { everyMs: 50 });

/** A worker of this test's own on the local table's stream, whose handler records the records of `pk`s it is asked about. */
async function recordingWorker(
  mine: Set<string>,
  options: {
    fail?: (record: DynamoDBRecord, delivery: number) => boolean;
    retryAttempts?: number;
    pollIntervalMs?: number;
  } = {},
) {
  const deliveries: Array<{ record: DynamoDBRecord; at: number }> = [];
  const handler: StreamHandler = async (event: DynamoDBStreamEvent) => {
    const record = event.Records[0]!;
    if (!mine.has(record.dynamodb?.Keys?.pk?.S ?? '')) return { batchItemFailures: [] };
    deliveries.push({ record, at: Date.now() });
    const delivery = deliveries.filter((d) => d.record.eventID === record.eventID).length;
    if (options.fail?.(record, delivery)) {
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb!.SequenceNumber! }] };
    }
    return { batchItemFailures: [] };
  };
  const worker = await startStreamWorker({
    env,
    tableName: LOCAL_TABLE,
    handler,
    retryAttempts: options.retryAttempts,
    retryDelayMs: (n) => 50 * 2 ** (n - 1),
    ...(options.pollIntervalMs && { pollIntervalMs: options.pollIntervalMs, idlePollMaxMs: options.pollIntervalMs }),
  });
  workers.push(worker);
  return { worker, deliveries };
}

describe('the local stack’s stream worker', () => {
  it('anchors a new notarization record on the local chain', async () => {
    const record = pendingNotarization();
    const started = Date.now();
    await put(record);

    const anchored = await until('ANCHORED', async () => {
      const item = await read(record);
      return item?.status === 'ANCHORED' ? item : undefined;
    });
    console.info(`notarization record written → ANCHORED in ${((Date.now() - started) / 1000).toFixed(2)} s`);

    const hash = anchored.transaction_hash as Hex;
    expect(anchored).toMatchObject({
      status: 'ANCHORED',
      attempts: 1,
      from: LOCAL_ANCHOR_ADDRESS,
      to: LOCAL_ANCHOR_ADDRESS,
      url: `${apiUrl}/local/chain/tx/${hash}`,
    });
    expect(hash).toBe(toHex(keccak_256(fromHex(anchored.raw_transaction!))));
    const transaction = await chain.transaction(hash);
    const receipt = await chain.receipt(hash);
    expect(transaction?.input).toBe(`0x${record.dpp_hash}${record.report_hash}`);
    expect(transaction?.from).toBe(LOCAL_ANCHOR_ADDRESS.toLowerCase());
    expect(Number(transaction?.nonce)).toBe(anchored.nonce);
    expect(anchored.block_hash).toBe(receipt?.blockHash);
    expect(anchored.block_number).toBe(Number(receipt?.blockNumber));
  });

  it('leaves a record that is no longer PENDING as it is, and anchors each new record once', async () => {
    const done = { ...pendingNotarization(), status: 'FAILED' as const, attempts: 5, failure: 'given up' };
    const fresh = pendingNotarization();
    await put(done);
    await put(fresh);
    await until('ANCHORED', async () => ((await read(fresh))?.status === 'ANCHORED' ? true : undefined));
    // Its own writes (MODIFY) do not start the worker again: one attempt, one transaction.
    await new Promise((wake) => setTimeout(wake, 500));
    expect(await read(fresh)).toMatchObject({ status: 'ANCHORED', attempts: 1 });
    expect(await read(done)).toEqual(done);
  });

  it('serves an anchored transaction at its url (the local explorer), and answers 404 and 400 otherwise', async () => {
    const record = pendingNotarization();
    await put(record);
    const anchored = await until('ANCHORED', async () => {
      const item = await read(record);
      return item?.status === 'ANCHORED' ? item : undefined;
    });

    const response = await fetch(anchored.url!);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      transaction: { hash: string; input: string };
      receipt: { blockHash: string };
    };
    expect(body.transaction).toMatchObject({
      hash: anchored.transaction_hash,
      input: `0x${record.dpp_hash}${record.report_hash}`,
    });
    expect(body.receipt.blockHash).toBe(anchored.block_hash);

    expect((await fetch(`${apiUrl}/local/chain/tx/0x${hex32()}`)).status).toBe(404);
    const malformed = await fetch(`${apiUrl}/local/chain/tx/0x1234`);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      error: 'A transaction hash is 0x and 64 hex digits',
      code: 'BAD_REQUEST',
    });
  });
});

describe('startStreamWorker', () => {
  it('hands over only the INSERTs of notarization records, as the event source mapping’s filter does', async () => {
    const record = pendingNotarization();
    const mine = new Set([record.pk]);
    const { deliveries } = await recordingWorker(mine);
    const version = { ...keys.dppVersion(record.dpp_id, 1), type: 'DPP_VERSION' };
    await put(version);
    await put(record);
    await doc.send(
      new UpdateCommand({
        TableName: LOCAL_TABLE,
        Key: keys.notarization(record.dpp_id, 1),
        UpdateExpression: 'SET note = :n',
        ExpressionAttributeValues: { ':n': 'modified' },
      }),
    );
    await doc.send(new DeleteCommand({ TableName: LOCAL_TABLE, Key: keys.dppVersion(record.dpp_id, 1) }));

    await until('a delivery', async () => (deliveries.length > 0 ? true : undefined));
    await new Promise((wake) => setTimeout(wake, 1_000));
    expect(deliveries.map(({ record: r }) => [r.eventName, r.dynamodb?.Keys?.sk?.S])).toEqual([['INSERT', record.sk]]);
    const delivered = deliveries[0]!.record;
    // As Lambda hands it over: KEYS_ONLY, epoch seconds, the stream's ARN.
    expect(delivered.dynamodb?.StreamViewType).toBe('KEYS_ONLY');
    expect(delivered.dynamodb?.NewImage).toBeUndefined();
    expect(typeof delivered.dynamodb?.ApproximateCreationDateTime).toBe('number');
    expect(delivered.eventSourceARN).toMatch(/stream/);
  });

  it('delivers a record the handler failed on again, after pauses that double, until it succeeds', async () => {
    const record = pendingNotarization();
    const { deliveries } = await recordingWorker(new Set([record.pk]), { fail: (_r, delivery) => delivery < 4 });
    await put(record);
    await until('the 4th delivery', async () => (deliveries.length >= 4 ? true : undefined));
    await new Promise((wake) => setTimeout(wake, 500));
    expect(deliveries).toHaveLength(4);
    const gaps = deliveries.slice(1).map((d, i) => d.at - deliveries[i]!.at);
    // 50, 100, 200 ms (and whatever a poll adds).
    expect(gaps[0]).toBeGreaterThanOrEqual(45);
    expect(gaps[1]).toBeGreaterThanOrEqual(95);
    expect(gaps[2]).toBeGreaterThanOrEqual(195);
  });

  it('gives a record up after its retries and goes on with the next (where the cloud uses the dead-letter queue)', async () => {
    const doomed = pendingNotarization();
    const next = pendingNotarization();
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const { deliveries } = await recordingWorker(new Set([doomed.pk, next.pk]), {
      fail: (record) => record.dynamodb?.Keys?.pk?.S === doomed.pk,
      retryAttempts: 2,
    });
    await put(doomed);
    await put(next);
    await until('the next record', async () =>
      deliveries.some((d) => d.record.dynamodb?.Keys?.pk?.S === next.pk) ? true : undefined,
    );
    expect(deliveries.filter((d) => d.record.dynamodb?.Keys?.pk?.S === doomed.pk)).toHaveLength(3);
    expect(errors).toHaveBeenCalledWith(
      'local stream worker: anchor-notarization failed on a record 3 times; dropped (the cloud sends it to the dead-letter queue)',
      expect.objectContaining({ keys: { pk: { S: doomed.pk }, sk: { S: doomed.sk } } }),
    );
    errors.mockRestore();
  });

  it('reads the stream at once after a write through the IAM proxy, however long its pause while idle', async () => {
    const record = pendingNotarization();
    const { deliveries } = await recordingWorker(new Set([record.pk]), { pollIntervalMs: 120_000 });
    // Until it has read the stream's records so far and pauses, for two minutes.
    await new Promise((wake) => setTimeout(wake, 2_000));
    await put(record);
    // What the stack's IAM proxy does once a write it forwarded is in (this worker runs in this process, not the stack's).
    tableWritten();
    await eventually(
      'the delivery, long before the pause ends',
      async () => (deliveries.length > 0 ? true : undefined),
      {
        everyMs: 50,
        guardMs: 20_000,
      },
    );
    expect(deliveries.map(({ record: r }) => r.dynamodb?.Keys?.sk?.S)).toEqual([record.sk]);
  });

  it('hands over nothing after stop()', async () => {
    const record = pendingNotarization();
    const { worker, deliveries } = await recordingWorker(new Set([record.pk]));
    await worker.stop();
    await put(record);
    await new Promise((wake) => setTimeout(wake, 1_000));
    expect(deliveries).toEqual([]);
  });
});
