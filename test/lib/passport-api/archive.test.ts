import { createHash } from 'node:crypto';
import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as keys from '../../../lib/data/keys';
import { ItemType } from '../../../lib/data/keys';
import { createPassport } from '../../../lib/passport-api/create-passport';
import { deletePassport } from '../../../lib/passport-api/delete-passport';
import { updatePassport } from '../../../lib/passport-api/update-passport';
import { dynamoErrors } from '../../support/unit/aws-errors';
import { batchGetFrom } from '../../support/unit/batch-get';
import { applySet, conditionEqualities } from '../../support/unit/expressions';
import { dppItem, IDS } from '../../support/unit/items';
import { domainFailure, failure } from '../../support/unit/rejection';
import { OTHER_COMPANY_ID, PRINCIPAL } from '../../support/unit/tokens';
import {
  deletesOf,
  dppCollection,
  putsOf,
  resetVersionClients,
  transactionsOf,
  versionClients,
} from '../../support/unit/version-writes';

/**
 * A passport API write and its archive version as ONE transaction (lib/passport-api/archive.ts),
 * with the faults a local engine cannot produce on demand: the transaction fails (a throttled
 * DynamoDB, 503 upstream), or the DPP changes between the read and the commit. The waits between
 * attempts are made 0 (Math.random). Over HTTP: test/functions/passport-api-archive.test.ts.
 */
const clients = versionClients();
const { db, s3 } = clients;

const T1 = '2026-02-03T04:05:06.789Z';
const SEARCH_ID = '01/08012345678901/21/abc123';
const company = {
  ...keys.company(PRINCIPAL.companyId),
  type: ItemType.Company,
  id: PRINCIPAL.companyId,
  name: 'Acme S.r.l.',
  country_code: 'IT',
  kyb: { status: 'VERIFIED' },
};
/** The DPP collection as the version's Query reads it: the DPP at version `count`, a file and a card. */
const collection = (count: number, dpp: Record<string, unknown> = {}) =>
  dppCollection(count, { search_id: SEARCH_ID, ...dpp });

const transactions = () => transactionsOf(clients);
const puts = () => putsOf(clients);
const deletes = () => deletesOf(clients);
/** Every write outside a transaction that touched the DPP item (none may: the change is in the transaction). */
const dppWrites = () =>
  [...db.commandCalls(UpdateCommand), ...db.commandCalls(PutCommand), ...db.commandCalls(DeleteCommand)].filter(
    (call) => {
      const input = call.args[0].input as { Key?: { pk: string }; Item?: { pk: string } };
      return (input.Key ?? input.Item)?.pk === keys.dpp(IDS.dpp).pk;
    },
  );
const patch = (body: Parameters<typeof updatePassport>[1]['body']) =>
  updatePassport(PRINCIPAL, { params: { dppId: IDS.dpp }, body });

beforeEach(() => {
  resetVersionClients(clients);
  db.on(BatchGetCommand).callsFake(batchGetFrom(company));
  vi.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => vi.restoreAllMocks());

describe('a change through the passport API', () => {
  it('is one transaction with its version: the DPP’s one leg sets the change and the counter, on the DPP as read', async () => {
    db.on(QueryCommand).resolves(collection(2));
    db.on(TransactWriteCommand).resolves({});
    const answer = await patch({ elements: { description: 'changed' } });

    expect(db.commandCalls(QueryCommand)[0]!.args[0].input.ConsistentRead).toBe(true);
    const [legs] = transactions();
    expect(transactions()).toHaveLength(1);
    const [dpp, version, claim, pin, intent, link] = legs!.map((leg) => Object.values(leg)[0]!);
    expect(legs).toHaveLength(6);
    expect(dpp!.Key).toEqual(keys.dpp(IDS.dpp));
    const createdAt = (version!.Item as { created_at: string }).created_at;
    expect(applySet({}, dpp as never)).toEqual({ description: 'changed', updated_at: createdAt, version_count: 3 });
    expect(conditionEqualities(dpp as never)).toEqual({
      company_id: PRINCIPAL.companyId,
      version_count: 2,
      updated_at: dppItem().updated_at,
    });
    // The version holds the DPP as the change left it; its document is the one written first.
    const [document] = puts();
    expect(version!.Item).toMatchObject({
      ...keys.dppVersion(IDS.dpp, 3),
      version: 3,
      document_path: document!.Key,
      content_hash: createHash('sha256')
        .update(document!.Body as Buffer)
        .digest('hex'),
      snapshot: { dpp: { description: 'changed', updated_at: createdAt } },
    });
    expect(JSON.parse(String(document!.Body))).toMatchObject({ version: 3, dpp: { description: 'changed' } });
    expect(claim!.Item).toMatchObject({ pk: keys.dppVersion(IDS.dpp, 3).pk });
    expect(pin!.Key).toEqual(keys.dppFile(IDS.dpp, IDS.dppFile));
    expect(intent!.Key).toEqual(keys.pendingObject(document!.Key!));
    // The Digital Link entry names the new version, with the company's name as PUT /dpps/{dppId} copies it.
    expect(applySet({}, link as never)).toMatchObject({ description: 'changed', version_count: 3 });
    const linkValues = Object.values((link as { ExpressionAttributeValues: object }).ExpressionAttributeValues);
    expect(linkValues).toContainEqual({
      version: 3,
      hash: (version!.Item as { content_hash: string }).content_hash,
      created_at: createdAt,
    });
    expect(linkValues).toContainEqual({ name: 'Acme S.r.l.', country: 'IT' });
    expect(dppWrites()).toEqual([]);
    expect(answer).toMatchObject({
      lastUpdate: createdAt,
      elements: { description: 'changed' },
      version: { number: 3, createdAt, hash: (version!.Item as { content_hash: string }).content_hash },
    });
  });

  it('changes nothing when its transaction fails (503 upstream): no write of the DPP, its documents released', async () => {
    db.on(QueryCommand).resolves(collection(2));
    const throttled = dynamoErrors.provisionedThroughputExceeded();
    db.on(TransactWriteCommand).rejects(throttled);
    for (const write of [
      () => patch({ elements: { description: 'changed' } }),
      () => deletePassport(PRINCIPAL, { params: { dppId: IDS.dpp } }),
    ]) {
      db.resetHistory();
      s3.resetHistory();
      expect(await failure(write())).toBe(throttled);
      expect(transactions()).toHaveLength(1);
      expect(dppWrites()).toEqual([]);
      expect(deletes().sort()).toEqual(
        puts()
          .map((put) => put.Key)
          .sort(),
      );
      expect(db.commandCalls(DeleteCommand).map((call) => call.args[0].input.Key)).toEqual([
        keys.pendingObject(puts()[0]!.Key!),
      ]);
    }
  });

  it('is made again from a new read when the DPP changed between the read and the commit: one version, of both', async () => {
    db.on(QueryCommand)
      .resolvesOnce(collection(2))
      .resolves(collection(3, { name: 'Renamed meanwhile', updated_at: T1 }));
    db.on(TransactWriteCommand)
      .rejectsOnce(dynamoErrors.transactionCanceled('ConditionalCheckFailed', 'None', 'None', 'None', 'None', 'None'))
      .resolves({});
    const answer = await patch({ elements: { description: 'changed' } });

    const [lost, won] = transactions();
    expect(transactions()).toHaveLength(2);
    expect(conditionEqualities(won![0]!.Update as never)).toMatchObject({ version_count: 3, updated_at: T1 });
    expect(won![1]!.Put!.Item).toMatchObject({
      version: 4,
      snapshot: { dpp: { name: 'Renamed meanwhile', description: 'changed' } },
    });
    // The lost attempt's documents are removed; the won one's stay.
    expect(deletes()).toEqual([(lost![1]!.Put!.Item as { document_path: string }).document_path]);
    expect(answer).toMatchObject({
      elements: { name: 'Renamed meanwhile', description: 'changed' },
      version: { number: 4 },
    });
  });

  it('writes nothing when the change is refused: another company’s DPP, an aspect of a DPP without a profile', async () => {
    db.on(QueryCommand).resolves(collection(2, { company_id: OTHER_COMPANY_ID }));
    expect((await domainFailure(patch({ elements: { description: 'x' } }))).code).toBe('DPP_NOT_FOUND');
    expect((await domainFailure(deletePassport(PRINCIPAL, { params: { dppId: IDS.dpp } }))).code).toBe('DPP_NOT_FOUND');
    db.on(QueryCommand).resolves(collection(2));
    const aspect = patch({ elements: { aspects: { GeneralProductInformation: { batteryMass: 1 } } } });
    expect((await domainFailure(aspect)).code).toBe('PROFILE_REQUIRED');
    expect([puts(), transactions(), db.commandCalls(UpdateCommand)]).toEqual([[], [], []]);
  });
});

describe('CreateDPP', () => {
  const input = {
    body: {
      name: 'Bike',
      description: '',
      type: 'bike',
      code: '08012345678901',
      model_id: IDS.model,
      language: 'en',
    },
  };

  it('creates the DPP at version 1 in the transaction that writes its version and its Digital Link entry', async () => {
    db.on(GetCommand).resolves({ Item: company });
    db.on(TransactWriteCommand).resolves({});
    const answer = await createPassport(PRINCIPAL, input as never);
    const [legs] = transactions();
    expect(transactions()).toHaveLength(1);
    const [kyb, dpp, link, version, claim, intent] = legs!.map((leg) => Object.values(leg)[0]!);
    expect(legs).toHaveLength(6);
    expect(kyb!.Key).toEqual(keys.company(PRINCIPAL.companyId));
    const hash = (version!.Item as { content_hash: string }).content_hash;
    expect(dpp!.Item).toMatchObject({ version_count: 1, name: 'Bike' });
    expect(link!.Item).toMatchObject({ version_count: 1, latest_version: { version: 1, hash } });
    expect(version!.Item).toMatchObject({ version: 1, snapshot: { dpp: { name: 'Bike' } } });
    expect(claim!.Item).toMatchObject({ type: ItemType.DppVersionId });
    expect(intent!.Key).toEqual(keys.pendingObject(puts()[0]!.Key!));
    expect(answer).toMatchObject({ dppStatus: 'draft', version: { number: 1, hash } });
  });

  it('leaves no DPP, no version and no document when the transaction refuses it (KYB)', async () => {
    db.on(GetCommand).resolves({ Item: company });
    db.on(TransactWriteCommand).rejects(
      dynamoErrors.transactionCanceled('ConditionalCheckFailed', 'None', 'None', 'None', 'None', 'None'),
    );
    expect((await domainFailure(createPassport(PRINCIPAL, input as never))).code).toBe('KYB_REQUIRED');
    expect(transactions()).toHaveLength(1);
    expect(deletes()).toHaveLength(1);
    expect(deletes()).toEqual(puts().map((put) => put.Key));
  });
});
