import { readFileSync } from 'node:fs';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { localClients } from '../../infra/local/bootstrap';
import { LOCAL_ANCHOR_ADDRESS } from '../../infra/local/environment';
import { ANCHOR_WORKER_FN, NOTARIZATION_INSERTS } from '../../lib/anchoring/worker';
import * as keys from '../../lib/data/keys';
import { matchesFilter } from '../../lib/events/stream-filter';
import { ethereum, rpcClient } from '../../lib/evm/rpc';
import { demo, localEnv } from '../support/api';

/**
 * events/anchor-notarization.json: a DynamoDB stream event (KEYS_ONLY) as the event source
 * mapping hands it to the anchor worker, for the notarization of the demo "Urban e-bike X1"'s
 * first version. Run in this process against the local engines, as `sam local invoke` would
 * run it: the record is the seed's (anchored when the stack is ready), so the sample is a
 * duplicate delivery, which must change nothing and send nothing.
 */
type Handler = (event: DynamoDBStreamEvent, context: Context) => Promise<DynamoDBBatchResponse>;
let handler: Handler;
beforeAll(async () => {
  // Handlers read their settings once, at first import: set them first.
  Object.assign(process.env, localEnv);
  ({ handler } = (await import(`../../functions/${ANCHOR_WORKER_FN}.ts`)) as { handler: Handler });
});

const sample = JSON.parse(readFileSync(`events/${ANCHOR_WORKER_FN}.json`, 'utf8')) as DynamoDBStreamEvent;
const key = keys.notarization(demo.acme.dpp.id, 1);
const chain = ethereum(rpcClient(inject('evmRpcUrl')));
const clients = localClients(localEnv);
const readRecord = async () =>
  (await clients.doc.send(new GetCommand({ TableName: localEnv.TABLE_NAME, Key: key, ConsistentRead: true }))).Item;

describe(`events/${ANCHOR_WORKER_FN}.json`, () => {
  it('is one INSERT of the demo notarization record, which the worker’s stream filter selects', () => {
    expect(sample.Records).toHaveLength(1);
    const [record] = sample.Records;
    expect(record!.dynamodb?.Keys).toEqual({ pk: { S: key.pk }, sk: { S: key.sk } });
    expect(record!.dynamodb?.StreamViewType).toBe('KEYS_ONLY');
    expect(matchesFilter(NOTARIZATION_INSERTS, record)).toBe(true);
  });

  it('answers no batch item failure and, delivered again, changes nothing and sends no transaction', async () => {
    const before = await readRecord();
    const nonceBefore = await chain.pendingNonce(LOCAL_ANCHOR_ADDRESS);

    const answer = await handler(sample, { functionName: ANCHOR_WORKER_FN, awsRequestId: 'sample' } as Context);

    expect(answer).toEqual({ batchItemFailures: [] });
    expect(await readRecord()).toEqual(before);
    expect(await chain.pendingNonce(LOCAL_ANCHOR_ADDRESS)).toBe(nonceBefore);
  });
});
