import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  CreateBucketCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { S3_LOCAL_CREDENTIALS, startS3 } from '../../infra/local/engines';
import * as keys from '../../lib/data/keys';
import { checkInvariants, listObjects, ORPHAN_GRACE_MS, type ScopedKey, type Stores } from '../support/invariants';

/**
 * The invariants of test/support/invariants.ts on crafted states of the table and the bucket
 * (mocked clients), so each can be seen to fail: an unreferenced object without an intent record
 * past the grace, and a key answered IDEMPOTENCY_KEY_ANSWER_LOST whose record or effects changed.
 */
const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-central-1' }));
const s3 = new S3Client({ region: 'eu-central-1' });
const stores: Stores = { doc, tableName: 't', s3, bucket: 'b' };
const table = mockClient(doc);
const bucket = mockClient(s3);

const now = Date.parse('2026-11-26T12:00:00Z');
const dpp = { id: 'd1', companyId: 'c1' };
const prefix = 'companies/c1/dpps/d1/files/';
const old = new Date(now - ORPHAN_GRACE_MS - 1_000);
const young = new Date(now - 1_000);

beforeEach(() => {
  table.reset();
  bucket.reset();
  table.on(QueryCommand).resolves({ Items: [] });
  table.on(GetCommand).resolves({});
  bucket.on(ListObjectsCommand).resolves({ Contents: [], IsTruncated: false });
  bucket.on(HeadObjectCommand).resolves({});
});

describe('an object no item references', () => {
  beforeEach(() => {
    table
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': keys.dppCollection('d1'), ':prefix': 'DPP_FILE#' } })
      .resolves({ Items: [{ sk: 'DPP_FILE#f1', path: `${prefix}referenced` }] });
    // An intent record of its own, and one that names a second object (a related-DPP copy).
    table.on(GetCommand, { Key: keys.pendingObject(`${prefix}tracked`) }).resolves({
      Item: { ...keys.pendingObject(`${prefix}tracked`), object_key: `${prefix}tracked` },
    });
    table.on(QueryCommand, { IndexName: keys.gsi1.name }).resolves({
      Items: [{ object_key: 'elsewhere', object_keys: ['elsewhere', `${prefix}copy`] }],
    });
  });
  const listed = (...objects: Array<[string, Date]>) =>
    bucket.on(ListObjectsCommand).resolves({
      Contents: objects.map(([name, modified]) => ({ Key: `${prefix}${name}`, LastModified: modified })),
      IsTruncated: false,
    });

  it('is allowed while its intent record exists, however old, or within the grace', async () => {
    listed(['referenced', old], ['tracked', old], ['copy', old], ['fresh', young]);
    expect(await checkInvariants(stores, { companies: [], dpps: [dpp], nowMs: now })).toEqual([]);
  });

  it('is a violation past the grace with no intent record', async () => {
    listed(['referenced', old], ['tracked', old], ['lost', old]);
    expect(await checkInvariants(stores, { companies: [], dpps: [dpp], nowMs: now })).toEqual([
      `object ${prefix}lost unreferenced for more than ${ORPHAN_GRACE_MS / 1000} s, with no intent record`,
    ]);
  });

  it('is listed page by page with ListObjects markers, past the first 1,000 keys', async () => {
    bucket
      .on(ListObjectsCommand)
      .resolvesOnce({ Contents: [{ Key: `${prefix}referenced`, LastModified: old }], IsTruncated: true })
      .resolvesOnce({ Contents: [{ Key: `${prefix}lost`, LastModified: old }], IsTruncated: false });
    expect(await checkInvariants(stores, { companies: [], dpps: [dpp], nowMs: now })).toHaveLength(1);
    expect(bucket.commandCalls(ListObjectsCommand)[1]!.args[0].input.Marker).toBe(`${prefix}referenced`);
  });
});

describe('a key answered IDEMPOTENCY_KEY_ANSWER_LOST', () => {
  const record = keys.idempotency('c1', 'create-dpp-card', 'k1');
  const key = (effects: number): ScopedKey => ({ name: 'k1', effects: async () => effects, answerLost: record });
  const stored = (item: Record<string, unknown>) => table.on(GetCommand, { Key: record }).resolves({ Item: item });
  const check = (effects: number) => checkInvariants(stores, { companies: [], dpps: [], keys: [key(effects)] });

  it('holds while its record stays applied, with no answer, and its effect is one', async () => {
    stored({ ...record, state: 'IN_PROGRESS', applied_at: '2026-11-26T11:59:00Z' });
    expect(await check(1)).toEqual([]);
  });

  it('is broken when a retry made a second effect', async () => {
    stored({ ...record, state: 'IN_PROGRESS', applied_at: '2026-11-26T11:59:00Z' });
    expect(await check(2)).toEqual([
      'idempotency key k1: 2 effects',
      'idempotency key k1: answered ANSWER_LOST, with 2 effects',
    ]);
  });

  it('is broken when its record now holds an answer a retry would replay', async () => {
    stored({
      ...record,
      state: 'COMPLETED',
      applied_at: '2026-11-26T11:59:00Z',
      response: { statusCode: 200, headers: {}, body: '{}' },
    });
    expect(await check(1)).toEqual([
      'idempotency key k1: answered ANSWER_LOST, but its record now holds an answer to replay',
    ]);
  });

  it('is broken when its record lost its applied mark (a retry would take the key over), or is gone', async () => {
    stored({ ...record, state: 'IN_PROGRESS' });
    expect(await check(1)).toEqual(['idempotency key k1: answered ANSWER_LOST, but its record is not marked applied']);
    table.on(GetCommand, { Key: record }).resolves({});
    expect(await check(0)).toEqual([
      'idempotency key k1: answered ANSWER_LOST, but its record is not marked applied',
      'idempotency key k1: answered ANSWER_LOST, with 0 effects',
    ]);
  });
});

describe('the checker’s listing against the local S3 server', () => {
  it('reads past a page with ListObjects markers, where a ListObjectsV2 page that is not the last fails (its token needs DES)', async () => {
    const engine = await startS3();
    try {
      const local = new S3Client({
        region: 'eu-central-1',
        endpoint: engine.endpoint,
        forcePathStyle: true,
        credentials: S3_LOCAL_CREDENTIALS,
        maxAttempts: 1,
      });
      await local.send(new CreateBucketCommand({ Bucket: 'listing' }));
      for (const name of ['a', 'b', 'c']) {
        await local.send(new PutObjectCommand({ Bucket: 'listing', Key: `${prefix}${name}`, Body: name }));
      }
      // A page of one stands for a page of 1,000: any truncated V2 page needs a continuation token.
      await expect(
        local.send(new ListObjectsV2Command({ Bucket: 'listing', Prefix: prefix, MaxKeys: 1 })),
      ).rejects.toMatchObject({ name: 'InternalError' });
      const listed = await listObjects({ ...stores, s3: local, bucket: 'listing' }, prefix, 1);
      expect(listed.map((o) => o.key)).toEqual(['a', 'b', 'c'].map((name) => `${prefix}${name}`));
    } finally {
      await engine.stop();
    }
  });
});
