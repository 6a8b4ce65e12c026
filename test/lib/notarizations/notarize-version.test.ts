import { createHash } from 'node:crypto';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  BatchGetCommand,
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
import { toWalletItem } from '../../../lib/companies/model';
import * as keys from '../../../lib/data/keys';
import { MAX_NOTARIZED_FILES } from '../../../lib/limits';
import { notarizeDppVersion } from '../../../lib/notarizations/notarize-version';
import { type DppVersionItem, toDppVersionItem } from '../../../lib/versions/model';
import { dynamoErrors } from '../../support/unit/aws-errors';
import { applySet, conditionEqualities } from '../../support/unit/expressions';
import { answerBatchGetFrom } from '../../support/unit/fake-table';
import { partOf, samples } from '../../support/unit/files';
import { dppFileItem, dppItem, IDS } from '../../support/unit/items';
import { domainFailure } from '../../support/unit/rejection';
import { OTHER_COMPANY_ID, PRINCIPAL } from '../../support/unit/tokens';
import { personalSign, signHash, testAccount, WALLET } from '../../support/wallets';

process.env.PUBLIC_BASE_URL = 'https://dpp.unit/';

const db = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);

const report = samples.pdf;
const hash = createHash('sha256').update(report).digest('hex');
const signer = testAccount(WALLET.acmeEditor);
const OTHER_FILE = 'file-0002';
const T0 = '2026-01-02T03:04:05.678Z';

const version = (overrides: Partial<DppVersionItem> = {}): DppVersionItem =>
  toDppVersionItem({
    id: 'launch-2026',
    dpp_id: IDS.dpp,
    company_id: PRINCIPAL.companyId,
    version: 2,
    created_at: T0,
    created_by: PRINCIPAL.userId,
    snapshot: {
      dpp: {
        id: IDS.dpp,
        company_id: PRINCIPAL.companyId,
        model_id: IDS.model,
        template_id: '',
        code: '08012345000016',
        search_id: '01/08012345000016/21/X1',
        name: 'Organic cotton T-shirt',
        description: 'A T-shirt made of organic cotton',
        type: 'apparel',
        language: 'en',
        created_at: T0,
        updated_at: T0,
      },
      files: [IDS.dppFile, OTHER_FILE].map((id) => ({
        id,
        name: 'Care label',
        description: '',
        type: 'application/pdf',
        path: `companies/${PRINCIPAL.companyId}/dpps/${IDS.dpp}/files/${id}/u1`,
        hash: 'a'.repeat(64),
      })),
      cards: [],
    },
    document_path: `companies/${PRINCIPAL.companyId}/dpps/${IDS.dpp}/versions/doc.json`,
    content_hash: 'c'.repeat(64),
    status: 'CREATED',
    ...overrides,
  });

const wallet = (companyId = PRINCIPAL.companyId) =>
  toWalletItem({ address: signer.address, user_id: 'user-0002', company_id: companyId, role: 'member' });

/** The table as notarize reads it: the DPP, the wallet, the listed files that exist, the latest CREATED version. */
function tableHolds({
  items = [dppItem(), wallet(), dppFileItem()] as Array<{ pk: string; sk: string }>,
  latest = version() as DppVersionItem | null,
} = {}) {
  answerBatchGetFrom(db, items);
  db.on(QueryCommand).resolves({ Items: latest ? [latest] : [] });
}

const body = (overrides: Record<string, unknown> = {}) => ({
  file: partOf(report, { filename: 'report.pdf' }),
  companyId: PRINCIPAL.companyId,
  hash,
  signature: signHash(hash, WALLET.acmeEditor),
  submitter: signer.address,
  filesList: JSON.stringify([IDS.dppFile]),
  ...overrides,
});
const notarize = (overrides: Record<string, unknown> = {}) =>
  notarizeDppVersion(PRINCIPAL, { params: { dppId: IDS.dpp }, body: body(overrides) } as never);

const transaction = (call = 0) =>
  (db.commandCalls(TransactWriteCommand)[call]!.args[0].input as TransactWriteCommandInput).TransactItems!;
const putKeys = () => s3.commandCalls(PutObjectCommand).map((c) => c.args[0].input.Key);
const deletedKeys = () => s3.commandCalls(DeleteObjectCommand).map((c) => c.args[0].input.Key);

beforeEach(() => {
  db.reset();
  s3.reset();
  s3.on(PutObjectCommand).resolves({});
  s3.on(DeleteObjectCommand).resolves({});
  db.on(TransactWriteCommand).resolves({});
  // The report's intent record (lib/files/pending-objects.ts): written, and deleted on a release.
  db.on(UpdateCommand).resolves({});
  db.on(DeleteCommand).resolves({});
});

describe('notarizeDppVersion', () => {
  it('answers the notarized version: the client versionId, READY, hash, signature, submitter and the public uri', async () => {
    tableHolds();
    expect(await notarize()).toEqual({
      id: 'launch-2026',
      status: 'READY',
      hash,
      signature: signHash(hash, WALLET.acmeEditor),
      submitter: signer.address,
      uri: `https://dpp.unit/dpp/${IDS.dpp}/versions/2`,
    });
  });

  it('reads in one round trip: the DPP, the wallet and the listed files in one BatchGetItem, beside a Query of the newest CREATED version', async () => {
    tableHolds();
    await notarize({ submitter: signer.address.toLowerCase() });
    const batch = db.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems!['unit-table']!.Keys;
    expect(batch).toEqual([keys.dpp(IDS.dpp), keys.wallet(signer.address), keys.dppFile(IDS.dpp, IDS.dppFile)]);
    const query = db.commandCalls(QueryCommand)[0]!.args[0].input as QueryCommandInput;
    expect(query).toMatchObject({ ScanIndexForward: false, Limit: 1, FilterExpression: '#status = :c0' });
    expect(query.ExpressionAttributeValues).toMatchObject({ ':pk': `HISTORY#${IDS.dpp}`, ':c0': 'CREATED' });
  });

  it('finishes an older CREATED version when the newest is READY: the Query goes on past its first one-item page', async () => {
    tableHolds();
    const older = version({ id: 'early', version: 1 });
    db.on(QueryCommand)
      .resolvesOnce({ Items: [], LastEvaluatedKey: keys.dppVersion(IDS.dpp, 3) })
      .resolvesOnce({ Items: [older] });
    const answer = await notarize();
    expect(answer).toMatchObject({ id: 'early', uri: `https://dpp.unit/dpp/${IDS.dpp}/versions/1` });
    const queries = db.commandCalls(QueryCommand).map((c) => c.args[0].input as QueryCommandInput);
    expect(queries.map((q) => [q.Limit, q.ExclusiveStartKey])).toEqual([
      [1, undefined],
      [undefined, keys.dppVersion(IDS.dpp, 3)],
    ]);
    expect(transaction()[0]!.Update!.Key).toEqual(keys.dppVersion(IDS.dpp, 1));
  });

  it('stores the report first, then writes the version, the PENDING record and the listed file in ONE transaction', async () => {
    tableHolds();
    await notarize();
    expect(putKeys()).toEqual([
      expect.stringMatching(new RegExp(`^companies/${PRINCIPAL.companyId}/dpps/${IDS.dpp}/versions/2/report/`)),
    ]);
    expect(s3.commandCalls(PutObjectCommand)[0]!.args[0].input.ContentType).toBe('application/pdf');
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(1);
    const [versionLeg, recordLeg, fileLeg, intentLeg, ...rest] = transaction();
    expect(rest).toEqual([]);
    // The report's intent record, written before it, is deleted by this same transaction.
    const reportKey = s3.commandCalls(PutObjectCommand)[0]!.args[0].input.Key!;
    expect(intentLeg!.Delete!.Key).toEqual(keys.pendingObject(reportKey));
    expect(db.commandCalls(UpdateCommand)[0]!.args[0].input.Key).toEqual(keys.pendingObject(reportKey));

    const update = versionLeg!.Update!;
    expect(update.Key).toEqual(keys.dppVersion(IDS.dpp, 2));
    expect(conditionEqualities(update)).toEqual({ status: 'CREATED', company_id: PRINCIPAL.companyId });
    const set = applySet({}, update);
    expect(set).toEqual({
      status: 'READY',
      hash,
      signature: signHash(hash, WALLET.acmeEditor),
      submitter: signer.address,
      report_path: putKeys()[0],
      notarized_at: expect.any(String),
      notarized_files: [IDS.dppFile],
    });

    const record = recordLeg!.Put!;
    expect(record.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(record.Item).toEqual({
      ...keys.notarization(IDS.dpp, 2),
      // In the anchor worker's pending index from the start.
      ...keys.gsi1.notarizationPending(set.notarized_at as string, keys.notarization(IDS.dpp, 2)),
      type: 'NOTARIZATION',
      id: expect.any(String),
      dpp_id: IDS.dpp,
      company_id: PRINCIPAL.companyId,
      version: 2,
      version_id: 'launch-2026',
      dpp_hash: 'c'.repeat(64),
      report_hash: hash,
      submitter: signer.address,
      snapshot: version().snapshot,
      status: 'PENDING',
      created_at: set.notarized_at,
      updated_at: set.notarized_at,
      attempts: 0,
    });

    expect(fileLeg!.Update).toMatchObject({
      Key: keys.dppFile(IDS.dpp, IDS.dppFile),
      UpdateExpression: 'SET #notarized = :u0',
      ConditionExpression: 'attribute_exists(pk) AND #company_id = :c0',
      ExpressionAttributeValues: { ':u0': true, ':c0': PRINCIPAL.companyId },
    });
    expect(deletedKeys()).toEqual([]);
  });

  it('skips a listed file of the version that was deleted since, and still records it as notarized on the version', async () => {
    tableHolds();
    await notarize({ filesList: JSON.stringify([OTHER_FILE, IDS.dppFile]) });
    const legs = transaction();
    expect(legs.slice(2, -1).map((leg) => leg.Update!.Key)).toEqual([keys.dppFile(IDS.dpp, IDS.dppFile)]);
    expect(Object.values(legs[0]!.Update!.ExpressionAttributeValues!)).toContainEqual([OTHER_FILE, IDS.dppFile]);
  });

  it('takes an empty filesList: no file is marked', async () => {
    tableHolds();
    await notarize({ filesList: '[]' });
    // The version, the record and the delete of the report's intent record.
    expect(transaction()).toHaveLength(3);
  });

  it('accepts v as 0/1 and a submitter in lower case, and answers both normalised', async () => {
    tableHolds();
    const signature = signHash(hash, WALLET.acmeEditor);
    const v01 = `${signature.slice(0, 130)}0${Number.parseInt(signature.slice(130), 16) - 27}`;
    const answer = await notarize({
      signature: v01.toUpperCase().replace('0X', '0x'),
      submitter: signer.address.toLowerCase(),
    });
    expect([answer.signature, answer.submitter]).toEqual([v01, signer.address]);
  });

  const refusedBeforeReading: Array<[string, Record<string, unknown>, string, string]> = [
    ['companyId of another company', { companyId: OTHER_COMPANY_ID }, 'forbidden', 'COMPANY_MISMATCH'],
    ['no file', { file: undefined }, 'invalid', 'NO_FILE'],
    ['a file of a format not allowed', { file: partOf(samples.zip) }, 'invalid', 'INVALID_FILE_FORMAT'],
    ['a hash that is not the SHA-256 of the report', { hash: 'b'.repeat(64) }, 'invalid', 'HASH_MISMATCH'],
    ['filesList that is not JSON', { filesList: `[${IDS.dppFile}]` }, 'invalid', 'INVALID_FILES_LIST'],
    ['filesList that is a JSON object', { filesList: '{"id":"file-0001"}' }, 'invalid', 'INVALID_FILES_LIST'],
    ['filesList that is a JSON string', { filesList: JSON.stringify(IDS.dppFile) }, 'invalid', 'INVALID_FILES_LIST'],
    ['filesList with a non-id entry', { filesList: '["file-0001", 7]' }, 'invalid', 'INVALID_FILES_LIST'],
    ['filesList with a key-breaking id', { filesList: '["a#b"]' }, 'invalid', 'INVALID_FILES_LIST'],
    ['filesList naming a file twice', { filesList: '["file-0001","file-0001"]' }, 'invalid', 'INVALID_FILES_LIST'],
    [
      `filesList over ${MAX_NOTARIZED_FILES} files`,
      { filesList: JSON.stringify(Array.from({ length: MAX_NOTARIZED_FILES + 1 }, (_, i) => `f${i}`)) },
      'invalid',
      'INVALID_FILES_LIST',
    ],
    ['a signature by another key', { signature: signHash(hash, WALLET.stranger) }, 'invalid', 'SIGNATURE_MISMATCH'],
    [
      'a signature of the hash as 64 characters instead of its 32 bytes',
      { signature: personalSign(Buffer.from(hash, 'utf8'), signer.privateKey) },
      'invalid',
      'SIGNATURE_MISMATCH',
    ],
    [
      'a signature of another hash',
      { signature: signHash('b'.repeat(64), WALLET.acmeEditor) },
      'invalid',
      'SIGNATURE_MISMATCH',
    ],
    [
      'a signature with v = 29',
      { signature: `${signHash(hash, WALLET.acmeEditor).slice(0, 130)}1d` },
      'invalid',
      'INVALID_SIGNATURE',
    ],
  ];

  it.each(refusedBeforeReading)('refuses %s before reading or writing anything', async (_, overrides, kind, code) => {
    tableHolds();
    const error = await domainFailure(notarize(overrides));
    expect([error.kind, error.code]).toEqual([kind, code]);
    expect(db.calls()).toHaveLength(0);
    expect(s3.calls()).toHaveLength(0);
  });

  it('refuses the high-s twin of the right signature as INVALID_SIGNATURE', async () => {
    const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const good = signHash(hash, WALLET.acmeEditor);
    const s = BigInt(`0x${good.slice(66, 130)}`);
    const twin = `${good.slice(0, 66)}${(N - s).toString(16).padStart(64, '0')}${good.endsWith('1b') ? '1c' : '1b'}`;
    const error = await domainFailure(notarize({ signature: twin }));
    expect([error.kind, error.code]).toEqual(['invalid', 'INVALID_SIGNATURE']);
  });

  const refusedAfterReading: Array<
    [string, Parameters<typeof tableHolds>[0], Record<string, unknown>, string, string]
  > = [
    ['a missing DPP', { items: [wallet(), dppFileItem()] }, {}, 'not_found', 'DPP_NOT_FOUND'],
    [
      'a DPP of another company',
      { items: [dppItem({ company_id: OTHER_COMPANY_ID }), wallet(), dppFileItem()] },
      {},
      'not_found',
      'DPP_NOT_FOUND',
    ],
    ['a submitter with no wallet here', { items: [dppItem(), dppFileItem()] }, {}, 'invalid', 'SUBMITTER_NOT_MEMBER'],
    [
      "a submitter of another company's",
      { items: [dppItem(), wallet(OTHER_COMPANY_ID), dppFileItem()] },
      {},
      'invalid',
      'SUBMITTER_NOT_MEMBER',
    ],
    ['a DPP with no version left to notarize', { latest: null }, {}, 'conflict', 'NOTHING_TO_NOTARIZE'],
    [
      'a file that is not in the version',
      {},
      { filesList: JSON.stringify([IDS.dppFile, 'file-9999']) },
      'invalid',
      'FILE_NOT_IN_VERSION',
    ],
  ];

  it.each(refusedAfterReading)('refuses %s and writes nothing', async (_, table, overrides, kind, code) => {
    tableHolds(table);
    const error = await domainFailure(notarize(overrides));
    expect([error.kind, error.code]).toEqual([kind, code]);
    expect(s3.calls()).toHaveLength(0);
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('answers 409 CONCURRENT_CHANGE when another request notarized the version meanwhile, and deletes its report', async () => {
    tableHolds();
    db.on(TransactWriteCommand).rejects(dynamoErrors.transactionCanceled('ConditionalCheckFailed', 'None', 'None'));
    const error = await domainFailure(notarize());
    expect([error.kind, error.code]).toEqual(['conflict', 'CONCURRENT_CHANGE']);
    expect(deletedKeys()).toEqual(putKeys());
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('reads again and retries when a listed file was deleted between the read and the write, deleting the first report', async () => {
    tableHolds();
    db.on(TransactWriteCommand)
      .rejectsOnce(dynamoErrors.transactionCanceled('None', 'None', 'ConditionalCheckFailed'))
      .resolves({});
    await notarize();
    expect(db.commandCalls(BatchGetCommand)).toHaveLength(2);
    expect(putKeys()).toHaveLength(2);
    expect(putKeys()[0]).not.toBe(putKeys()[1]);
    expect(deletedKeys()).toEqual([putKeys()[0]]);
  });

  it('gives up with 409 CONCURRENT_CHANGE after 3 attempts, leaving no report behind', async () => {
    tableHolds();
    db.on(TransactWriteCommand).rejects(dynamoErrors.transactionCanceled('None', 'None', 'TransactionConflict'));
    const error = await domainFailure(notarize());
    expect([error.kind, error.code]).toEqual(['conflict', 'CONCURRENT_CHANGE']);
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(3);
    expect(deletedKeys().sort()).toEqual(putKeys().sort());
  });

  it('deletes its report and passes the error on when the transaction fails otherwise', async () => {
    tableHolds();
    db.on(TransactWriteCommand).rejects(dynamoErrors.throttling());
    await expect(notarize()).rejects.toMatchObject({ name: 'ThrottlingException' });
    expect(deletedKeys()).toEqual(putKeys());
  });
});
