import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import * as keys from '../../lib/data/keys';
import type { DppFileItem } from '../../lib/dpps/model';
import type { FileParent } from '../../lib/files/under-parent';
import { demo, fixture, localBucketClient, localEnv, localTable, putTestDpp } from '../support/api';
import { checkInvariants, ORPHAN_GRACE_MS, type Stores, unreferencedObjects } from '../support/invariants';
import { partOf } from '../support/unit/files';

/**
 * A crash between an upload's S3 put and its item write, against DynamoDB Local and the local
 * bucket, in-process: the intent record the upload wrote first is left with the object, the
 * orphan sweeper (run here with a grace of 0) deletes both, and the invariant "no object
 * unreferenced beyond the grace" holds even an hour later. A committed upload leaves no record.
 */
const s3 = localBucketClient();
const stores = (): Stores => ({ ...localTable(), s3, bucket: localEnv.BUCKET_NAME! });
const pdf = fixture('sample.pdf');

let lib: {
  files: typeof import('../../lib/files/under-parent');
  upload: typeof import('../../lib/files/upload');
  dppFiles: typeof import('../../lib/dpp-files/repository');
  dppModel: typeof import('../../lib/dpps/model');
  budget: typeof import('../../lib/aws/budget');
  sweep: typeof import('../../lib/files/sweep-orphans');
};

beforeAll(async () => {
  // The lib modules read their settings once, on first use: the local stack's.
  Object.assign(process.env, localEnv, { LOG_LEVEL: 'SILENT' });
  lib = {
    files: await import('../../lib/files/under-parent'),
    upload: await import('../../lib/files/upload'),
    dppFiles: await import('../../lib/dpp-files/repository'),
    dppModel: await import('../../lib/dpps/model'),
    budget: await import('../../lib/aws/budget'),
    sweep: await import('../../lib/files/sweep-orphans'),
  };
});

const record = async (objectKey: string) => {
  const { doc, tableName } = localTable();
  return (await doc.send(new GetCommand({ TableName: tableName, Key: keys.pendingObject(objectKey) }))).Item;
};
const objectExists = (key: string) =>
  s3.send(new HeadObjectCommand({ Bucket: localEnv.BUCKET_NAME, Key: key })).then(
    () => true,
    () => false,
  );

async function upload(parent: FileParent<object, DppFileItem>) {
  const dpp = await putTestDpp('orphans', { company_id: demo.acme.company.id, model_id: demo.acme.dpp.model_id });
  const file = lib.upload.readUpload(partOf(pdf));
  const created = lib.files.createFileUnder(
    parent,
    { company_id: dpp.company_id, model_id: dpp.model_id },
    dpp.id,
    file,
    (id, content, createdAt) =>
      lib.dppModel.toDppFileItem(
        {
          id,
          dpp_id: dpp.id,
          company_id: dpp.company_id,
          model_id: dpp.model_id,
          name: 'care.pdf',
          description: '',
          created_by: demo.acme.admin.id,
          created_at: createdAt,
        },
        content,
      ),
  );
  return { dpp, created };
}

describe('intent records and the orphan sweeper, on the local engines', () => {
  it('a committed upload leaves its object and no intent record: its transaction deleted it', async () => {
    const { created } = await upload(lib.dppFiles.dppFiles as unknown as FileParent<object, DppFileItem>);
    const item = await created;
    expect(await objectExists(item.path)).toBe(true);
    expect(await record(item.path)).toBeUndefined();
  });

  it('a crash between the put and the item write leaves object and record; the sweeper removes both', async () => {
    let stored: string | undefined;
    const real = lib.dppFiles.dppFiles;
    // The item write gets no answer and does not land: what a paused DynamoDB or a crash leaves.
    const crashing = {
      ...real,
      repository: {
        ...real.repository,
        putIfParent: async (_parentId: string, item: DppFileItem) => {
          stored = item.path;
          lib.budget.budget()!.unanswered = true;
          throw Object.assign(new Error('the item write got no answer'), { name: 'TimeoutError' });
        },
      },
    } as unknown as FileParent<object, DppFileItem>;
    const { dpp, created } = await lib.budget.withBudget({ work: Date.now() + 10_000, last: Date.now() + 10_000 }, () =>
      upload(crashing).then(async (u) => ({ dpp: u.dpp, created: await u.created.catch((e: Error) => e) })),
    );
    expect(created).toBeInstanceOf(Error);
    const scope = { companies: [], dpps: [{ id: dpp.id, companyId: dpp.company_id }] };
    // The debris: the object, unreferenced, and its intent record.
    expect(await unreferencedObjects(stores(), scope)).toEqual([stored]);
    expect(await record(stored!)).toMatchObject({ object_key: stored, gsi1pk: keys.PENDING_OBJECTS });

    const summary = await lib.sweep.sweepOrphanObjects({ graceMs: 0, now: () => Date.now() + 1 });
    expect(summary.removed).toBeGreaterThanOrEqual(1);
    expect(await objectExists(stored!)).toBe(false);
    expect(await record(stored!)).toBeUndefined();
    // An hour on, nothing under the DPP is unreferenced past the grace.
    expect(await checkInvariants(stores(), { ...scope, nowMs: Date.now() + 60 * ORPHAN_GRACE_MS })).toEqual([]);
  });
});
