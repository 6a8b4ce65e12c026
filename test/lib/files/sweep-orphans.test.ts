import { DeleteObjectCommand, PutObjectCommand, PutObjectTaggingCommand, S3Client } from '@aws-sdk/client-s3';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as keys from '../../../lib/data/keys';
import { dppScope } from '../../../lib/dpp-files/model';
import { dppFiles } from '../../../lib/dpp-files/repository';
import { toDppFileItem } from '../../../lib/dpps/model';
import { SWEEP_GRACE_MS, sweepOrphanObjects } from '../../../lib/files/sweep-orphans';
import { createFileUnder } from '../../../lib/files/under-parent';
import { readUpload } from '../../../lib/files/upload';
import { dynamoErrors } from '../../support/unit/aws-errors';
import { partOf, samples } from '../../support/unit/files';
import { IDS } from '../../support/unit/items';
import { PRINCIPAL } from '../../support/unit/tokens';

/**
 * The orphan sweeper (lib/files/sweep-orphans.ts) over intent records (lib/files/pending-objects.ts):
 * an old record's object and record are deleted, a young one is kept, and a committed upload
 * leaves no record because its own transaction deleted it.
 */
const db = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
const NOW = Date.parse('2026-01-01T12:00:00.000Z');

/** Intent records as stored, by object key. */
let records: Map<string, { created_at: string }>;
let deletedObjects: string[];

const record = (objectKey: string, createdAt: string) => ({
  ...keys.pendingObject(objectKey),
  object_key: objectKey,
  created_at: createdAt,
  ...keys.pendingObjectIndex(createdAt, objectKey),
});

beforeEach(() => {
  db.reset();
  s3.reset();
  records = new Map();
  deletedObjects = [];
  // The pending index, oldest first, up to the key condition's upper bound.
  db.on(QueryCommand).callsFake((input) => {
    const to = input.ExpressionAttributeValues[':to'] as string;
    expect(input.IndexName).toBe('gsi1');
    expect(input.ExpressionAttributeValues[':pk']).toBe(keys.PENDING_OBJECTS);
    const items = [...records.entries()]
      .map(([key, r]) => record(key, r.created_at))
      .filter((r) => r.gsi1sk <= to)
      .sort((a, b) => a.gsi1sk.localeCompare(b.gsi1sk));
    return { Items: items };
  });
  db.on(DeleteCommand).callsFake((input) => {
    const key = (input.Key.pk as string).slice('OBJECT#'.length);
    if (!records.delete(key)) throw dynamoErrors.conditionalCheckFailed();
    return {};
  });
  s3.on(PutObjectTaggingCommand).resolves({});
  s3.on(DeleteObjectCommand).callsFake((input) => {
    deletedObjects.push(input.Key);
    return {};
  });
});

describe('the orphan sweeper', () => {
  it('deletes the object of an intent record older than the grace, then the record', async () => {
    const old = new Date(NOW - SWEEP_GRACE_MS - 1).toISOString();
    records.set('companies/c/dpps/d/files/f/u', { created_at: old });
    const summary = await sweepOrphanObjects({ now: () => NOW });
    expect(deletedObjects).toEqual(['companies/c/dpps/d/files/f/u']);
    expect(records.size).toBe(0);
    expect(summary).toEqual({ removed: 1, failed: 0, stoppedEarly: false });
    expect(db.commandCalls(DeleteCommand)[0]!.args[0].input.ConditionExpression).toContain('attribute_exists');
  });

  it('keeps an intent record younger than the grace, and its object', async () => {
    records.set('young', { created_at: new Date(NOW - SWEEP_GRACE_MS + 1_000).toISOString() });
    const summary = await sweepOrphanObjects({ now: () => NOW });
    expect(deletedObjects).toEqual([]);
    expect(records.has('young')).toBe(true);
    expect(summary.removed).toBe(0);
  });

  it('with a grace of 0, removes every record up to now (what the fault test runs)', async () => {
    records.set('a', { created_at: new Date(NOW - 1).toISOString() });
    await sweepOrphanObjects({ now: () => NOW, graceMs: 0 });
    expect(deletedObjects).toEqual(['a']);
  });

  it('keeps a record whose object could not be deleted, for the next run', async () => {
    records.set('a', { created_at: new Date(NOW - SWEEP_GRACE_MS - 1).toISOString() });
    s3.on(DeleteObjectCommand).rejects(Object.assign(new Error('slow down'), { name: 'SlowDown' }));
    const summary = await sweepOrphanObjects({ now: () => NOW });
    expect(records.has('a')).toBe(true);
    expect(summary).toMatchObject({ removed: 0, failed: 1 });
  });

  it('takes no record once the run is out of time', async () => {
    records.set('a', { created_at: new Date(NOW - SWEEP_GRACE_MS - 1).toISOString() });
    const summary = await sweepOrphanObjects({ now: () => NOW, remainingMs: () => 1_000, reserveMs: 5_000 });
    expect(summary.stoppedEarly).toBe(true);
    expect(deletedObjects).toEqual([]);
  });
});

describe('an upload and its intent record', () => {
  const DPP_SCOPE = dppScope(PRINCIPAL.companyId, IDS.model);
  const upload = () => readUpload(partOf(samples.pdf));
  const create = () =>
    createFileUnder(dppFiles, DPP_SCOPE, IDS.dpp, upload(), (id, content, createdAt) =>
      toDppFileItem(
        {
          id,
          dpp_id: IDS.dpp,
          company_id: PRINCIPAL.companyId,
          model_id: IDS.model,
          name: 'care.pdf',
          description: '',
          created_by: PRINCIPAL.userId,
          created_at: createdAt,
        },
        content,
      ),
    );

  it('writes the record before the object, and deletes it in the file item’s own transaction', async () => {
    const order: string[] = [];
    db.on(UpdateCommand).callsFake((input) => {
      order.push(`record ${input.Key.pk}`);
      return {};
    });
    s3.on(PutObjectTaggingCommand).resolves({});
    s3.on(PutObjectCommand).callsFake((input) => {
      order.push(`object ${input.Key}`);
      return {};
    });
    db.on(TransactWriteCommand).resolves({});
    const item = await create();
    expect(order).toEqual([`record ${keys.pendingObject(item.path).pk}`, `object ${item.path}`]);
    const legs = db.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(legs.at(-1)!.Delete!.Key).toEqual(keys.pendingObject(item.path));
  });

  it('a crash between the object and the item leaves the record, and the sweeper removes the object', async () => {
    db.on(UpdateCommand).callsFake((input) => {
      const key = (input.Key.pk as string).slice('OBJECT#'.length);
      const values = Object.values(input.ExpressionAttributeValues) as unknown[];
      const createdAt = values.find((v) => typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v)) as string;
      records.set(key, { created_at: createdAt });
      return {};
    });
    const stored: string[] = [];
    s3.on(PutObjectCommand).callsFake((input) => {
      stored.push(input.Key);
      return {};
    });
    // The process dies inside the item's write: it never returns, nothing releases the object.
    db.on(TransactWriteCommand).callsFake(() => new Promise(() => {}));
    void create();
    await vi.waitFor(() => expect(db.commandCalls(TransactWriteCommand)).toHaveLength(1));
    expect(records.has(stored[0]!)).toBe(true);
    await sweepOrphanObjects({ graceMs: 0, now: () => Date.now() + 1 });
    expect(deletedObjects).toEqual(stored);
    expect(records.size).toBe(0);
  });
});
