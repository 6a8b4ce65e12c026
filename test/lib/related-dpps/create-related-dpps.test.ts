import { CopyObjectCommand, DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import * as keys from '../../../lib/data/keys';
import { ItemType } from '../../../lib/data/keys';
import { MAX_RELATED_COPIES } from '../../../lib/limits';
import { createRelatedDpps } from '../../../lib/related-dpps/create-related-dpps';
import { dynamoErrors, s3Errors } from '../../support/unit/aws-errors';
import { cardItem, dppFileItem, dppItem, IDS } from '../../support/unit/items';
import { domainFailure, failure } from '../../support/unit/rejection';
import { OTHER_COMPANY_ID, PRINCIPAL } from '../../support/unit/tokens';

/**
 * The failure paths of linking related DPPs that the local engines cannot produce on demand:
 * S3 or DynamoDB failing mid-way, a race lost on every try. Whatever fails, every object
 * copied for the link is deleted again and no transaction leg is left half-written
 * (the integration tests, test/functions/related-dpps.test.ts, cover the rest over HTTP).
 */
const db = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);

const SOURCE = 'source-0001';
const sourceFile = (id: string) =>
  dppFileItem({
    ...keys.dppFile(SOURCE, id),
    id,
    dpp_id: SOURCE,
    company_id: OTHER_COMPANY_ID,
    path: `companies/${OTHER_COMPANY_ID}/dpps/${SOURCE}/files/${id}/upload-1`,
  });
const sourceCard = (id: string) => cardItem({ ...keys.dppCard(SOURCE, id), id, company_id: OTHER_COMPANY_ID });

/** The table as the link reads it: the target, the partnership with the source's company, the source. */
function serve(source: { files?: object[]; cards?: object[] } = {}, target: Record<string, unknown> = {}) {
  const collections: Record<string, object[]> = {
    [`DPP#${IDS.dpp}`]: [dppItem(target)],
    [`COMPANY#${PRINCIPAL.companyId}`]: [
      { ...keys.partner(PRINCIPAL.companyId, OTHER_COMPANY_ID), type: ItemType.Partner, partner_id: OTHER_COMPANY_ID },
    ],
    [`DPP#${SOURCE}`]: [
      ...(source.cards ?? []),
      dppItem({ ...keys.dpp(SOURCE), id: SOURCE, company_id: OTHER_COMPANY_ID }),
      ...(source.files ?? []),
    ],
  };
  db.on(QueryCommand).callsFake((input: QueryCommandInput) => ({
    Items: collections[input.ExpressionAttributeValues?.[':pk'] as string] ?? [],
    $metadata: {},
  }));
}

const link = (relatedDppIds = [SOURCE]) =>
  createRelatedDpps(PRINCIPAL, { params: { companyId: PRINCIPAL.companyId, dppId: IDS.dpp }, body: { relatedDppIds } });

const copiedKeys = () => s3.commandCalls(CopyObjectCommand).map((c) => c.args[0].input.Key);
const deletedKeys = () => s3.commandCalls(DeleteObjectCommand).map((c) => c.args[0].input.Key);
const transactions = () => db.commandCalls(TransactWriteCommand).map((c) => c.args[0].input);

beforeEach(() => {
  db.reset();
  s3.reset();
  s3.on(CopyObjectCommand).resolves({});
  s3.on(DeleteObjectCommand).resolves({});
  // The copies' intent record (lib/files/pending-objects.ts): written, and deleted on a release.
  db.on(UpdateCommand).resolves({});
  db.on(DeleteCommand).resolves({});
});

describe('createRelatedDpps', () => {
  it('copies the bytes first, then writes the link and every copy in one transaction, conditioned on the target', async () => {
    serve({ files: [sourceFile('f1'), sourceFile('f2')], cards: [sourceCard('c1')] });
    db.on(TransactWriteCommand).resolves({});
    const answer = await link();

    expect(copiedKeys()).toHaveLength(2);
    for (const key of copiedKeys())
      expect(key).toMatch(new RegExp(`^companies/${PRINCIPAL.companyId}/dpps/${IDS.dpp}/files/`));
    expect(s3.commandCalls(CopyObjectCommand).map((c) => c.args[0].input.CopySource)).toEqual([
      `unit-bucket/companies/${OTHER_COMPANY_ID}/dpps/${SOURCE}/files/f1/upload-1`,
      `unit-bucket/companies/${OTHER_COMPANY_ID}/dpps/${SOURCE}/files/f2/upload-1`,
    ]);
    const [transaction] = transactions() as [TransactWriteCommandInput];
    const legs = transaction.TransactItems!;
    expect(legs).toHaveLength(5);
    // One intent record names every copy, written before them; the links' transaction deletes it.
    const [first, ...others] = copiedKeys();
    const intent = db.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(intent.Key).toEqual(keys.pendingObject(first!));
    expect(Object.values(intent.ExpressionAttributeValues!)).toContainEqual([first, ...others]);
    expect(legs.at(-1)!.Delete!.Key).toEqual(keys.pendingObject(first!));
    expect(legs[0]!.Update).toMatchObject({
      Key: keys.dpp(IDS.dpp),
      UpdateExpression: 'SET #related_dpps = list_append(if_not_exists(#related_dpps, :u0), :u1), #updated_at = :u2',
      ConditionExpression: '#company_id = :c0 AND NOT contains(#related_dpps, :c1)',
      ExpressionAttributeValues: expect.objectContaining({
        ':c0': PRINCIPAL.companyId,
        ':c1': SOURCE,
        ':u0': [],
        ':u1': [SOURCE],
      }),
    });
    expect(
      legs.slice(1, -1).map((leg) => [leg.Put?.Item?.type, leg.Put?.Item?.copied_from, leg.Put?.ConditionExpression]),
    ).toEqual([
      [ItemType.DppFile, { dpp_id: SOURCE, id: 'f1' }, 'attribute_not_exists(pk)'],
      [ItemType.DppFile, { dpp_id: SOURCE, id: 'f2' }, 'attribute_not_exists(pk)'],
      [ItemType.DppCard, { dpp_id: SOURCE, id: 'c1' }, 'attribute_not_exists(pk)'],
    ]);
    expect(deletedKeys()).toEqual([]);
    expect(answer.related_files.map((f) => f.path)).toEqual(copiedKeys());
  });

  it('deletes every copied object when the transaction fails, and fails with it', async () => {
    serve({ files: [sourceFile('f1'), sourceFile('f2')] });
    db.on(TransactWriteCommand).rejects(dynamoErrors.validation());
    const error = await failure(link());
    expect((error as Error).name).toBe('ValidationException');
    expect(deletedKeys().sort()).toEqual(copiedKeys().sort());
    expect(deletedKeys()).toHaveLength(2);
  });

  it('deletes every copied object and writes nothing when one copy fails', async () => {
    serve({ files: [sourceFile('f1'), sourceFile('f2'), sourceFile('f3')] });
    s3.on(CopyObjectCommand).callsFake(async ({ CopySource }: { CopySource: string }) => {
      if (CopySource.includes('/f2/')) throw s3Errors.slowDown();
      return {};
    });
    const error = await failure(link());
    expect((error as Error).name).toBe('SlowDown');
    expect(transactions()).toEqual([]);
    expect(deletedKeys().sort()).toEqual(copiedKeys().sort());
    expect(deletedKeys()).toHaveLength(3);
  });

  it('starts over after a lost race, keeping no copy of the lost try, and answers 409 after the last try', async () => {
    serve({ files: [sourceFile('f1')] });
    db.on(TransactWriteCommand)
      .rejectsOnce(dynamoErrors.transactionCanceled('ConditionalCheckFailed', 'None'))
      .rejectsOnce(dynamoErrors.transactionCanceled('TransactionConflict', 'None'))
      .resolves({});
    const answer = await link();
    expect(transactions()).toHaveLength(3);
    expect(copiedKeys()).toHaveLength(3);
    // The two lost tries' copies are gone; the winner's is the one answered.
    expect(deletedKeys()).toEqual(copiedKeys().slice(0, 2));
    expect(answer.related_files.map((f) => f.path)).toEqual(copiedKeys().slice(2));

    db.reset();
    s3.resetHistory();
    db.on(UpdateCommand).resolves({});
    db.on(DeleteCommand).resolves({});
    serve({ files: [sourceFile('f1')] });
    db.on(TransactWriteCommand).rejects(dynamoErrors.transactionCanceled('ConditionalCheckFailed'));
    const conflict = await domainFailure(link());
    expect([conflict.kind, conflict.code]).toEqual(['conflict', 'CONCURRENT_CHANGE']);
    expect(transactions()).toHaveLength(5);
    expect(deletedKeys()).toEqual(copiedKeys());
  });

  it('treats a source object gone between the read and the copy as a lost race', async () => {
    serve({ files: [sourceFile('f1'), sourceFile('f2')] });
    let gone = true;
    s3.on(CopyObjectCommand).callsFake(async ({ CopySource }: { CopySource: string }) => {
      if (!CopySource.includes('/f1/') || !gone) return {};
      gone = false;
      throw Object.assign(new Error('The specified key does not exist.'), { name: 'NoSuchKey' });
    });
    db.on(TransactWriteCommand).resolves({});
    await link();
    expect(transactions()).toHaveLength(1);
    expect(copiedKeys()).toHaveLength(4);
    expect(deletedKeys().sort()).toEqual(copiedKeys().slice(0, 2).sort());
  });

  it(`refuses more than ${MAX_RELATED_COPIES} files and cards before copying anything`, async () => {
    const cards = Array.from({ length: MAX_RELATED_COPIES }, (_, i) => sourceCard(`c${i}`));
    serve({ files: [sourceFile('f1')], cards });
    const error = await domainFailure(link());
    expect([error.kind, error.code]).toEqual(['invalid', 'TOO_MANY_ITEMS']);
    expect(s3.calls()).toHaveLength(0);
    expect(transactions()).toEqual([]);
  });

  it('copies nothing for a DPP linked before, and answers its earlier copies', async () => {
    const earlier = dppFileItem({ id: 'copy-1', copied_from: { dpp_id: SOURCE, id: 'f1' } });
    serve({ files: [sourceFile('f1')] }, { related_dpps: [SOURCE] });
    db.on(QueryCommand, { ExpressionAttributeValues: { ':pk': `DPP#${IDS.dpp}` } as never }).resolves({
      Items: [dppItem({ related_dpps: [SOURCE] }), earlier, dppFileItem({ id: 'own-file' })],
    });
    const answer = await link();
    expect(s3.calls()).toHaveLength(0);
    expect(transactions()).toEqual([]);
    expect(answer.related_files.map((f) => f.id)).toEqual(['copy-1']);
  });
});
