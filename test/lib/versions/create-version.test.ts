import { createHash } from 'node:crypto';
import { QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { set } from '../../../lib/data/expressions';
import * as keys from '../../../lib/data/keys';
import type { PlanChange } from '../../../lib/dpps/change';
import { MAX_TRANSACTION_ITEMS, MAX_VERSION_FILES } from '../../../lib/limits';
import { createDppVersion, RETRY, retryDelayMs, takeVersion } from '../../../lib/versions/create-version';
import { dynamoErrors } from '../../support/unit/aws-errors';
import { applySet, conditionEqualities } from '../../support/unit/expressions';
import { dppFileItem, dppItem, IDS } from '../../support/unit/items';
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
 * Creating a version with the faults a local engine cannot produce on demand: a lost counter
 * race, a conflicting transaction, a versionId taken, every attempt lost, a throttled write.
 * The waits between attempts are made 0 (Math.random), so the retries run at once.
 */
const clients = versionClients();
const { db } = clients;
const input = (versionId = 'v-next') => ({ params: { dppId: IDS.dpp }, body: { dppId: IDS.dpp, versionId } });

/** The DPP collection as the version's Query reads it, with the DPP's counter at `count`. */
const collection = dppCollection;

const transactions = () => transactionsOf(clients);
const puts = () => putsOf(clients);
const deletes = () => deletesOf(clients);

beforeEach(() => {
  resetVersionClients(clients);
  vi.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => vi.restoreAllMocks());

describe('createDppVersion', () => {
  it('writes the document, then one transaction: counter, version, versionId claim and a pin per file', async () => {
    db.on(QueryCommand).resolves(collection(2));
    db.on(TransactWriteCommand).resolves({});
    expect(await createDppVersion(PRINCIPAL, input())).toEqual({
      message: `Version 3 of DPP ${IDS.dpp} created`,
      ok: true,
    });
    const [put] = puts();
    const [legs] = transactions();
    expect(legs).toHaveLength(5);
    const [counter, version, claim, pin, intent] = legs!.map((leg) => Object.values(leg)[0]!);
    expect(intent!.Key).toEqual(keys.pendingObject(put!.Key!));
    expect(db.commandCalls(UpdateCommand)[0]!.args[0].input.Key).toEqual(keys.pendingObject(put!.Key!));
    expect(counter!.Key).toEqual(keys.dpp(IDS.dpp));
    expect(applySet({}, counter as never)).toEqual({ version_count: 3 });
    expect(conditionEqualities(counter as never)).toEqual({ company_id: PRINCIPAL.companyId, version_count: 2 });
    expect(version!.Item).toMatchObject({
      ...keys.dppVersion(IDS.dpp, 3),
      id: 'v-next',
      version: 3,
      document_path: put!.Key,
      content_hash: createHash('sha256')
        .update(put!.Body as Buffer)
        .digest('hex'),
      status: 'CREATED',
    });
    expect(claim!.Item).toMatchObject(keys.dppVersionId(IDS.dpp, 'v-next'));
    expect(pin!.Key).toEqual(keys.dppFile(IDS.dpp, IDS.dppFile));
    expect(pin!.UpdateExpression).toBe('ADD #pinned_paths :u0');
    expect(pin!.ExpressionAttributeValues).toMatchObject({ ':u0': new Set([dppFileItem().path]) });
    expect(conditionEqualities(pin as never)).toEqual({ path: dppFileItem().path, company_id: PRINCIPAL.companyId });
    expect(deletes()).toEqual([]);
  });

  it('conditions the first version on a DPP without a counter', async () => {
    db.on(QueryCommand).resolves(collection());
    db.on(TransactWriteCommand).resolves({});
    await createDppVersion(PRINCIPAL, input());
    const counter = transactions()[0]![0]!.Update!;
    expect(counter.ConditionExpression).toContain('attribute_not_exists(#version_count)');
    expect(applySet({}, counter)).toEqual({ version_count: 1 });
  });

  it('after a lost counter race, releases its document, reads again and takes the next number', async () => {
    db.on(QueryCommand).resolvesOnce(collection(2)).resolves(collection(3));
    db.on(TransactWriteCommand)
      .rejectsOnce(dynamoErrors.transactionCanceled('ConditionalCheckFailed', 'None', 'None', 'None'))
      .resolves({});
    expect((await createDppVersion(PRINCIPAL, input())).message).toBe(`Version 4 of DPP ${IDS.dpp} created`);
    const [lost, won] = puts();
    expect(lost!.Key).not.toBe(won!.Key);
    expect(deletes()).toEqual([lost!.Key]);
    expect(transactions().map((legs) => legs[1]!.Put!.Item)).toMatchObject([
      { version: 3, document_path: lost!.Key },
      { version: 4, document_path: won!.Key },
    ]);
    expect(JSON.parse(String(won!.Body)).version).toBe(4);
  });

  it('retries a transaction DynamoDB cancelled for a conflicting one, and a file changed meanwhile', async () => {
    db.on(QueryCommand).resolves(collection(0));
    db.on(TransactWriteCommand)
      .rejectsOnce(dynamoErrors.transactionCanceled('TransactionConflict', 'None', 'None', 'None'))
      .rejectsOnce(dynamoErrors.transactionCanceled('None', 'None', 'None', 'ConditionalCheckFailed'))
      .resolves({});
    expect((await createDppVersion(PRINCIPAL, input())).ok).toBe(true);
    expect(transactions()).toHaveLength(3);
    expect(deletes()).toHaveLength(2);
  });

  it('answers 409 VERSION_ID_TAKEN at once when the claim failed, whatever else did, and keeps no document', async () => {
    db.on(QueryCommand).resolves(collection(1));
    db.on(TransactWriteCommand).rejects(
      dynamoErrors.transactionCanceled('ConditionalCheckFailed', 'None', 'ConditionalCheckFailed', 'None'),
    );
    const error = await domainFailure(createDppVersion(PRINCIPAL, input('taken')));
    expect([error.kind, error.code]).toEqual(['conflict', 'VERSION_ID_TAKEN']);
    expect(transactions()).toHaveLength(1);
    expect(deletes()).toEqual([puts()[0]!.Key]);
  });

  it(`gives up with 409 CONCURRENT_CHANGE after ${RETRY.maxAttempts} lost attempts, each document released`, async () => {
    db.on(QueryCommand).resolves(collection(5));
    db.on(TransactWriteCommand).rejects(dynamoErrors.transactionCanceled('ConditionalCheckFailed'));
    const error = await domainFailure(createDppVersion(PRINCIPAL, input()));
    expect([error.kind, error.code]).toEqual(['conflict', 'CONCURRENT_CHANGE']);
    expect(transactions()).toHaveLength(RETRY.maxAttempts);
    expect(deletes().sort()).toEqual(
      puts()
        .map((put) => put.Key)
        .sort(),
    );
  });

  it('does not retry a throttled transaction: it fails as it is (503 upstream), its document released', async () => {
    db.on(QueryCommand).resolves(collection(1));
    const throttled = dynamoErrors.transactionCanceled('ThrottlingError', 'None', 'None', 'None');
    db.on(TransactWriteCommand).rejects(throttled);
    expect(await failure(createDppVersion(PRINCIPAL, input()))).toBe(throttled);
    expect(transactions()).toHaveLength(1);
    expect(deletes()).toEqual([puts()[0]!.Key]);
  });

  it('writes nothing for a missing DPP, another company’s, or one with too many files', async () => {
    db.on(QueryCommand).resolves({ Items: [] });
    expect((await domainFailure(createDppVersion(PRINCIPAL, input()))).code).toBe('DPP_NOT_FOUND');
    db.on(QueryCommand).resolves(collection(1, { company_id: OTHER_COMPANY_ID }));
    expect((await domainFailure(createDppVersion(PRINCIPAL, input()))).code).toBe('DPP_NOT_FOUND');
    const files = Array.from({ length: 97 }, (_, i) => dppFileItem({ id: `file-${i}` }));
    db.on(QueryCommand).resolves({ Items: [dppItem(), ...files] });
    expect((await domainFailure(createDppVersion(PRINCIPAL, input()))).code).toBe('TOO_MANY_FILES');
    expect([puts(), transactions()]).toEqual([[], []]);
  });

  it('refuses a snapshot too large for one item with 400 VERSION_TOO_LARGE, before writing', async () => {
    const long = 'ü'.repeat(2000);
    const files = Array.from({ length: 95 }, (_, i) => dppFileItem({ id: `file-${i}`, description: long }));
    db.on(QueryCommand).resolves({ Items: [dppItem(), ...files] });
    const error = await domainFailure(createDppVersion(PRINCIPAL, input()));
    expect([error.kind, error.code]).toEqual(['invalid', 'VERSION_TOO_LARGE']);
    expect([puts(), transactions()]).toEqual([[], []]);
  });
});

describe('takeVersion with a change (the passport API’s writes)', () => {
  /** A change that adds `extra` new items beside the DPP's update (an aspect write's history entries). */
  const change =
    (extra: number): PlanChange =>
    (read, at) => ({
      dpp: { ...read, name: 'Changed', updated_at: at },
      write: {
        actions: [set('name', 'Changed'), set('updated_at', at)],
        conditions: [],
        legs: Array.from({ length: extra }, (_, i) => ({ put: { pk: `CHANGE#${i}`, sk: 'X' } })),
      },
    });
  const files = Array.from({ length: MAX_VERSION_FILES }, (_, i) => dppFileItem({ id: `file-${i}` }));
  const profiles = () => undefined;

  it(`writes one transaction of up to ${MAX_TRANSACTION_ITEMS} items: the change, the version and the files'`, async () => {
    db.on(QueryCommand).resolves({ Items: [dppItem({ version_count: 1 }), ...files] });
    db.on(TransactWriteCommand).resolves({});
    // The DPP's leg, the version, its claim, 95 pins, the intent record: 99, and one new item of the change.
    expect((await takeVersion(PRINCIPAL, IDS.dpp, 'v-1', profiles, change(1))).version).toBe(2);
    const [legs] = transactions();
    expect(legs).toHaveLength(MAX_TRANSACTION_ITEMS);
    expect(applySet({}, legs![0]!.Update as never)).toMatchObject({ name: 'Changed', version_count: 2 });
  });

  it(`refuses a change past ${MAX_TRANSACTION_ITEMS} items with 400 TOO_MANY_FILES, before writing anything`, async () => {
    db.on(QueryCommand).resolves({ Items: [dppItem({ version_count: 1 }), ...files] });
    const error = await domainFailure(takeVersion(PRINCIPAL, IDS.dpp, 'v-1', profiles, change(2)));
    expect([error.kind, error.code]).toEqual(['invalid', 'TOO_MANY_FILES']);
    expect([puts(), transactions(), db.commandCalls(UpdateCommand)]).toEqual([[], [], []]);
  });
});

describe('retryDelayMs', () => {
  it('is full jitter on a step of the lost attempt’s duration (at least the base), doubling, capped', () => {
    expect(retryDelayMs(1, 80, () => 0.999)).toBeCloseTo(80 * 0.999);
    expect(retryDelayMs(3, 80, () => 0.5)).toBe(160);
    expect(retryDelayMs(1, 1, () => 0.5)).toBe(RETRY.baseDelayMs / 2);
    expect(retryDelayMs(12, 500, () => 0.999)).toBeCloseTo(RETRY.maxDelayMs * 0.999);
    expect(retryDelayMs(4, 100, () => 0)).toBe(0);
  });
});
