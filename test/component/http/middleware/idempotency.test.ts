import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  DeleteCommand,
  type DeleteCommandInput,
  DynamoDBDocumentClient,
  TransactWriteCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler as createDppFile } from '../../../../functions/create-dpp-file';
import { invoke, type TestRequest } from '../../../support/unit/events';
import { applySet, conditionEqualities } from '../../../support/unit/expressions';
import { samples } from '../../../support/unit/files';
import { IDS } from '../../../support/unit/items';
import { multipart } from '../../../support/unit/multipart';
import { mintToken } from '../../../support/unit/tokens';

/**
 * The idempotency middleware (lib/http/middleware/idempotency.ts) in the real upload
 * handler, DynamoDB and S3 mocked: the round trips it adds, the key check the function
 * makes itself (API Gateway may pass what Node's own HTTP parser refuses), and a retry
 * that runs nothing again. The idempotency records are kept by a small stand-in for the
 * three writes the repository makes; the real engine is in test/functions/idempotency.test.ts.
 */
const db = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
const records = new Map<string, Record<string, unknown>>();

beforeEach(() => {
  db.reset();
  s3.reset();
  records.clear();
  s3.on(PutObjectCommand).resolves({});
  s3.on(DeleteObjectCommand).resolves({});
  db.on(TransactWriteCommand).resolves({});
  db.on(UpdateCommand).callsFake((input: UpdateCommandInput) => {
    const pk = input.Key!.pk as string;
    // An upload's intent record (lib/files/pending-objects.ts), not a key's: written, not kept here.
    if (pk.startsWith('OBJECT#')) return {};
    const values = input.ExpressionAttributeValues ?? {};
    const names = input.ExpressionAttributeNames ?? {};
    const current = records.get(pk);
    if (input.UpdateExpression!.includes('if_not_exists')) {
      // The claim: every SET is if_not_exists, so an existing record comes back unchanged.
      if (!current) {
        const item: Record<string, unknown> = { ...input.Key };
        for (const [, name, value] of input.UpdateExpression!.matchAll(/(#\w+) = if_not_exists\(#\w+, (:\w+)\)/g)) {
          item[names[name!]!] = values[value!];
        }
        records.set(pk, item);
      }
      return { Attributes: records.get(pk) };
    }
    // The completion, conditioned on the claim's token.
    if (current?.token !== conditionEqualities(input).token) throw conditionFailed();
    records.set(pk, applySet(current ?? {}, input));
    return { Attributes: records.get(pk) };
  });
  db.on(DeleteCommand).callsFake((input: DeleteCommandInput) => {
    const pk = input.Key!.pk as string;
    if (records.get(pk)?.token !== conditionEqualities(input).token) throw conditionFailed();
    records.delete(pk);
    return {};
  });
});

const conditionFailed = () =>
  Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });

const url = `/models/${IDS.model}/dpps/${IDS.dpp}/upload-file`;
async function upload(headers: Record<string, string>, boundary?: string) {
  const request: TestRequest = {
    method: 'POST',
    url,
    token: await mintToken(),
    headers,
    body: multipart(
      [
        { name: 'name', value: 'Manual' },
        { name: 'file', filename: 'manual.pdf', contentType: 'application/pdf', content: samples.pdf },
      ],
      boundary,
    ),
  };
  return invoke('create-dpp-file', createDppFile, request);
}

const idempotencyCalls = () =>
  [...db.commandCalls(UpdateCommand), ...db.commandCalls(DeleteCommand)].filter((call) =>
    String(call.args[0].input.Key?.pk).startsWith('IDEMPOTENCY#'),
  );

describe('round trips', () => {
  it('adds none without the header', async () => {
    const reply = await upload({});
    expect(reply.status).toBe(200);
    expect(idempotencyCalls()).toHaveLength(0);
    expect(db.calls()).toHaveLength(2); // the upload's intent record, then its own TransactWriteItems
  });

  it('adds two to a first request (claim, then the stored answer) and costs a retry one, running nothing', async () => {
    const first = await upload({ 'idempotency-key': 'order-42' }, '----first-boundary');
    expect(first.status).toBe(200);
    expect(idempotencyCalls()).toHaveLength(2);
    expect(db.calls()).toHaveLength(4); // the claim, the intent record, the upload, the stored answer

    db.resetHistory();
    s3.resetHistory();
    const retry = await upload({ 'idempotency-key': 'order-42' }, '----retry-boundary');
    expect(retry.status).toBe(200);
    expect(retry.json).toEqual(first.json);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(db.calls()).toHaveLength(1);
    expect(s3.calls()).toHaveLength(0);
  });
});

describe('the key check of the function itself', () => {
  it.each([
    ['a control character', 'bell\u0007'],
    ['NUL', 'a\u0000b'],
    ['DEL', 'a\u007fb'],
    ['a line break', 'a\r\nb'],
    ['non-ASCII', 'clé'],
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
  ])('answers %s with 400 INVALID_IDEMPOTENCY_KEY, touching nothing', async (_, key) => {
    const reply = await upload({ 'idempotency-key': key });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({
      error: expect.any(String),
      code: 'INVALID_IDEMPOTENCY_KEY',
      details: [{ path: 'Idempotency-Key', message: expect.any(String) }],
    });
    expect(db.calls()).toHaveLength(0);
    expect(s3.calls()).toHaveLength(0);
  });
});

describe('a refused upload', () => {
  it('frees its key: nothing is stored, so the corrected request runs', async () => {
    db.on(TransactWriteCommand)
      .rejectsOnce(
        new TransactionCanceledException({
          message: 'Transaction cancelled',
          $metadata: {},
          CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
        }),
      )
      .resolves({});
    const refused = await upload({ 'idempotency-key': 'order-43' });
    expect([refused.status, refused.json.code]).toEqual([406, 'DPP_NOT_FOUND']);
    expect(records.size).toBe(0);
    // The key released, and the refused upload's intent record removed with its object.
    expect(
      db
        .commandCalls(DeleteCommand)
        .map((call) => String(call.args[0].input.Key?.pk).split('#')[0])
        .sort(),
    ).toEqual(['IDEMPOTENCY', 'OBJECT']);

    const corrected = await upload({ 'idempotency-key': 'order-43' });
    expect(corrected.status).toBe(200);
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
    expect([...records.values()].map((r) => r.state)).toEqual(['COMPLETED']);
  });
});
