import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  type UpdateCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler as createDppFile } from '../../../functions/create-dpp-file';
import { handler as createTemplateFile } from '../../../functions/create-template-file';
import { handler as deleteDppFile } from '../../../functions/delete-dpp-file';
import { handler as updateDppFile } from '../../../functions/update-dpp-file';
import { dynamoErrors, s3Errors } from '../../support/unit/aws-errors';
import { invoke, type TestResponse } from '../../support/unit/events';
import { samples } from '../../support/unit/files';
import { dppFileItem, IDS } from '../../support/unit/items';
import { filePartOf, multipart, type Part } from '../../support/unit/multipart';
import { mintToken, PRINCIPAL } from '../../support/unit/tokens';

/**
 * The order of S3 and DynamoDB writes (lib/files/file-lifecycle.ts), through the real
 * handlers, with faults injected where a local engine cannot: bytes before the record,
 * bytes released only after the record stopped pointing at them, never a half-done write.
 */
const db = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);

/** What was called, in order: `s3:put <key>`, `db:transact`, `db:update`, `s3:delete <key>`. */
let log: string[];
let token: string;

beforeEach(async () => {
  db.reset();
  s3.reset();
  log = [];
  token = await mintToken();
  s3.on(PutObjectCommand).callsFake((input) => {
    log.push(`s3:put ${input.Key}`);
    return {};
  });
  s3.on(DeleteObjectCommand).callsFake((input) => {
    log.push(`s3:delete ${input.Key}`);
    return {};
  });
});

const putKeys = () => s3.commandCalls(PutObjectCommand).map((c) => c.args[0].input.Key!);
const deletedKeys = () => s3.commandCalls(DeleteObjectCommand).map((c) => c.args[0].input.Key!);
const dbWrites = () => [
  ...db.commandCalls(TransactWriteCommand),
  ...db.commandCalls(PutCommand),
  ...db.commandCalls(UpdateCommand),
  ...db.commandCalls(DeleteCommand),
];

function expectServiceUnavailable(response: TestResponse): void {
  expect(response.status).toBe(503);
  expect(response.headers['retry-after']).toMatch(/^\d+$/);
  expect(response.json).toEqual({ error: expect.any(String), code: 'SERVICE_UNAVAILABLE' });
  expect(response.text).not.toMatch(/unit-(table|bucket)|Rate exceeded|socket/);
}

const uploadDppFile = (parts: Part[] = [filePartOf(samples.pdf, 'care.pdf', 'application/pdf')]) =>
  invoke('create-dpp-file', createDppFile, {
    method: 'POST',
    url: `/models/${IDS.model}/dpps/${IDS.dpp}/upload-file`,
    token,
    body: multipart(parts),
  });

const uploadTemplateFile = () =>
  invoke('create-template-file', createTemplateFile, {
    method: 'POST',
    url: '/create-template-file',
    token,
    body: multipart([{ name: 'template_id', value: IDS.template }, filePartOf(samples.png, 'logo.png', 'image/png')]),
  });

const creates = [
  ['create-dpp-file', () => uploadDppFile()],
  ['create-template-file', uploadTemplateFile],
] as const;

describe('creating a file', () => {
  it('stores the bytes first, under a server-chosen key of the caller’s company, then the record that points at them', async () => {
    db.on(TransactWriteCommand).callsFake(() => {
      log.push('db:transact');
      return {};
    });
    const response = await uploadDppFile([filePartOf(samples.pdf, '../../etc/passwd.pdf', 'application/pdf')]);
    expect(response.status).toBe(200);

    const [key] = putKeys();
    expect(key).toMatch(new RegExp(`^companies/${PRINCIPAL.companyId}/dpps/${IDS.dpp}/files/[0-9a-f-]{36}/[0-9a-f-]{36}$`));
    expect(log).toEqual([`s3:put ${key}`, 'db:transact']);
    const [check, put] = db.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(check!.ConditionCheck).toMatchObject({
      Key: { pk: `DPP#${IDS.dpp}`, sk: 'DPP' },
      ExpressionAttributeValues: { ':company': PRINCIPAL.companyId, ':model': IDS.model },
    });
    expect(put!.Put!.Item).toMatchObject({ path: key, company_id: PRINCIPAL.companyId, mime_type: 'application/pdf' });
    expect(response.json.file.path).toBe(key);
    expect(deletedKeys()).toEqual([]);
  });

  it.each(creates)('%s: answers 503 when S3 PutObject fails (SlowDown), without any DynamoDB write', async (_, create) => {
    s3.on(PutObjectCommand).rejects(s3Errors.slowDown());
    expectServiceUnavailable(await create());
    expect(db.calls()).toHaveLength(0);
    expect(dbWrites()).toHaveLength(0);
  });

  it.each(creates)('%s: answers 503 when S3 PutObject cannot connect, without any DynamoDB write', async (_, create) => {
    s3.on(PutObjectCommand).rejects(s3Errors.connectionReset());
    expectServiceUnavailable(await create());
    expect(db.calls()).toHaveLength(0);
  });

  it.each(creates)('%s: answers 503 when the transaction is throttled, and deletes the object it had stored', async (_, create) => {
    db.on(TransactWriteCommand).rejects(dynamoErrors.throttling());
    expectServiceUnavailable(await create());
    expect(putKeys()).toHaveLength(1);
    expect(deletedKeys()).toEqual(putKeys());
  });

  it.each(creates)('%s: answers 503 on a DynamoDB 500 during the transaction, and deletes the object it had stored', async (_, create) => {
    db.on(TransactWriteCommand).rejects(dynamoErrors.internalServerError());
    expectServiceUnavailable(await create());
    expect(deletedKeys()).toEqual(putKeys());
  });

  it.each(creates)('%s: answers 503 when DynamoDB cancels the transaction for throttling, and deletes the object', async (_, create) => {
    db.on(TransactWriteCommand).rejects(dynamoErrors.transactionCanceled('ThrottlingError', 'None'));
    expectServiceUnavailable(await create());
    expect(deletedKeys()).toEqual(putKeys());
  });

  it('answers 406 when the DPP is not the caller’s (the transaction’s condition fails), and deletes the object', async () => {
    db.on(TransactWriteCommand).rejects(dynamoErrors.transactionCanceled('ConditionalCheckFailed', 'None'));
    const response = await uploadDppFile();
    expect(response.status).toBe(406);
    expect(response.json).toEqual({ error: 'DPP not found', code: 'DPP_NOT_FOUND' });
    expect(deletedKeys()).toEqual(putKeys());
  });

  it('answers 406 when the template is not the caller’s, and deletes the object', async () => {
    db.on(TransactWriteCommand).rejects(dynamoErrors.transactionCanceled('ConditionalCheckFailed', 'None'));
    const response = await uploadTemplateFile();
    expect([response.status, response.json.code]).toEqual([406, 'TEMPLATE_NOT_FOUND']);
    expect(deletedKeys()).toEqual(putKeys());
  });

  it('still answers 503 when deleting the stored object fails too (the object is orphaned, not the record)', async () => {
    db.on(TransactWriteCommand).rejects(dynamoErrors.throttling());
    s3.on(DeleteObjectCommand).rejects(s3Errors.slowDown());
    expectServiceUnavailable(await uploadDppFile());
  });

  it('answers 400 for a bad file without storing anything', async () => {
    const response = await uploadDppFile([filePartOf(samples.zip, 'report.pdf', 'application/pdf')]);
    expect([response.status, response.json.code]).toEqual([400, 'INVALID_FILE_FORMAT']);
    expect(s3.calls()).toHaveLength(0);
    expect(db.calls()).toHaveLength(0);
  });
});

describe('replacing the bytes of a DPP file', () => {
  const current = () => dppFileItem();
  const url = `/models/${IDS.model}/update-dpp-file/${IDS.dpp}/file/${IDS.dppFile}`;
  const replace = (parts: Part[] = [filePartOf(samples.png, 'new.png', 'image/png')]) =>
    invoke('update-dpp-file', updateDppFile, { method: 'PUT', url, token, body: multipart(parts) });

  /** UpdateItem with ReturnValues ALL_NEW over `item`, the way DynamoDB applies a SET expression. */
  const applyUpdate = (item: Record<string, unknown>) => (input: UpdateCommandInput) => {
    log.push('db:update');
    const updated = { ...item };
    for (const [placeholder, attribute] of Object.entries(input.ExpressionAttributeNames ?? {})) {
      const match = /^#a(\d+)$/.exec(placeholder);
      if (match) updated[attribute] = input.ExpressionAttributeValues?.[`:v${match[1]}`];
    }
    return { Attributes: updated };
  };

  it('updates the record to the new object, conditioned on the old path, then deletes the old object', async () => {
    db.on(GetCommand).resolves({ Item: current() });
    db.on(UpdateCommand).callsFake(applyUpdate(current()));
    const response = await replace();
    expect(response.status).toBe(200);

    const [newKey] = putKeys();
    expect(newKey).not.toBe(current().path);
    expect(log).toEqual([`s3:put ${newKey}`, 'db:update', `s3:delete ${current().path}`]);
    const update = db.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.ConditionExpression).toContain('#path = :expectedPath');
    expect(update.ExpressionAttributeValues).toMatchObject({ ':expectedPath': current().path, ':company': PRINCIPAL.companyId });
    expect(response.json.file[0]).toMatchObject({ path: newKey, type: 'image/png' });
  });

  it('keeps the old object when a version pinned it (pinned_paths of the updated item)', async () => {
    const pinned = current();
    const item = { ...pinned, pinned_paths: new Set([pinned.path, 'companies/x/older']) };
    db.on(GetCommand).resolves({ Item: item });
    db.on(UpdateCommand).callsFake(applyUpdate(item));
    const response = await replace();
    expect(response.status).toBe(200);
    expect(deletedKeys()).toEqual([]);
    expect(log).toEqual([`s3:put ${putKeys()[0]}`, 'db:update']);
  });

  it('answers 409 when the conditional update fails (changed meanwhile), deletes the new object and keeps the old', async () => {
    db.on(GetCommand).resolves({ Item: current() });
    db.on(UpdateCommand).rejects(dynamoErrors.conditionalCheckFailed());
    const response = await replace();
    expect([response.status, response.json.code]).toEqual([409, 'CONFLICT']);
    expect(putKeys()).toHaveLength(1);
    expect(deletedKeys()).toEqual(putKeys());
    expect(deletedKeys()).not.toContain(current().path);
  });

  it('answers 503 when the update is throttled, deletes the new object and keeps the old', async () => {
    db.on(GetCommand).resolves({ Item: current() });
    db.on(UpdateCommand).rejects(dynamoErrors.provisionedThroughputExceeded());
    expectServiceUnavailable(await replace());
    expect(deletedKeys()).toEqual(putKeys());
  });

  it('answers 503 when S3 PutObject fails, without updating the record', async () => {
    db.on(GetCommand).resolves({ Item: current() });
    s3.on(PutObjectCommand).rejects(s3Errors.slowDown());
    expectServiceUnavailable(await replace());
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(deletedKeys()).toEqual([]);
  });

  it('answers 406 for a file of another company without storing anything', async () => {
    db.on(GetCommand).resolves({ Item: dppFileItem({ company_id: 'someone-else' }) });
    const response = await replace();
    expect([response.status, response.json.code]).toEqual([406, 'DPP_FILE_NOT_FOUND']);
    expect(s3.calls()).toHaveLength(0);
    expect(dbWrites()).toHaveLength(0);
  });

  it('renames without touching S3 and without a path condition', async () => {
    db.on(GetCommand).resolves({ Item: current() });
    db.on(UpdateCommand).callsFake(applyUpdate(current()));
    const response = await replace([{ name: 'name', value: 'Renamed' }]);
    expect(response.status).toBe(200);
    expect(response.json.file[0].name).toBe('Renamed');
    expect(s3.calls()).toHaveLength(0);
    expect(db.commandCalls(UpdateCommand)[0]!.args[0].input.ConditionExpression).not.toContain(':expectedPath');
  });
});

describe('deleting a DPP file', () => {
  const remove = () =>
    invoke('delete-dpp-file', deleteDppFile, {
      method: 'DELETE',
      url: `/models/${IDS.model}/delete-dpp-file/${IDS.dpp}/file/${IDS.dppFile}`,
      token,
    });

  it('deletes the record, then the object of an unpinned path', async () => {
    db.on(DeleteCommand).callsFake(() => {
      log.push('db:delete');
      return { Attributes: dppFileItem() };
    });
    const response = await remove();
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ message: expect.stringContaining(IDS.dppFile), ok: true });
    expect(response.json.message).toContain(IDS.dpp);
    expect(log).toEqual(['db:delete', `s3:delete ${dppFileItem().path}`]);
    expect(db.commandCalls(DeleteCommand)[0]!.args[0].input.ExpressionAttributeValues).toEqual({
      ':company': PRINCIPAL.companyId,
      ':model': IDS.model,
    });
  });

  it('keeps the object of a pinned path', async () => {
    const item = dppFileItem();
    db.on(DeleteCommand).resolves({ Attributes: { ...item, pinned_paths: new Set([item.path]) } });
    const response = await remove();
    expect(response.status).toBe(200);
    expect(s3.calls()).toHaveLength(0);
  });

  it('answers 406 and deletes no object when the record is not the caller’s', async () => {
    db.on(DeleteCommand).rejects(dynamoErrors.conditionalCheckFailed());
    const response = await remove();
    expect([response.status, response.json.code]).toEqual([406, 'DPP_FILE_NOT_FOUND']);
    expect(s3.calls()).toHaveLength(0);
  });

  it('answers 200 when the record is gone but deleting the object fails (an orphan object, logged)', async () => {
    db.on(DeleteCommand).resolves({ Attributes: dppFileItem() });
    s3.on(DeleteObjectCommand).rejects(s3Errors.slowDown());
    const response = await remove();
    expect(response.status).toBe(200);
  });

  it('answers 503 when the delete is throttled, and deletes no object', async () => {
    db.on(DeleteCommand).rejects(dynamoErrors.throttling());
    expectServiceUnavailable(await remove());
    expect(s3.calls()).toHaveLength(0);
  });
});
