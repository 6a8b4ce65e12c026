import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { companyScope } from '../../../lib/auth/tenancy';
import { isDependencyUnavailable } from '../../../lib/aws/errors';
import * as keys from '../../../lib/data/keys';
import { ranges } from '../../../lib/data/keys';
import { encodeCursor } from '../../../lib/data/paging';
import { dppScope } from '../../../lib/dpp-files/model';
import { dppFiles } from '../../../lib/dpp-files/repository';
import { toDppFileItem } from '../../../lib/dpps/model';
import { ConflictError, NotFoundError } from '../../../lib/errors';
import { createFileUnder, deleteFileUnder, listFilesUnder, updateFileUnder } from '../../../lib/files/under-parent';
import { readUpload, type Upload } from '../../../lib/files/upload';
import { toTemplateFileItem } from '../../../lib/templates/model';
import { templateFiles } from '../../../lib/templates/repository';
import { dynamoErrors, s3Errors } from '../../support/unit/aws-errors';
import { applySet, conditionEqualities } from '../../support/unit/expressions';
import { serveCollection } from '../../support/unit/fake-table';
import { partOf, samples } from '../../support/unit/files';
import { dppFileItem, dppItem, IDS } from '../../support/unit/items';
import { domainFailure, failure } from '../../support/unit/rejection';
import { OTHER_COMPANY_ID, PRINCIPAL } from '../../support/unit/tokens';

/**
 * Files under a parent (lib/files/under-parent.ts), on the two real parents (DPP files and
 * template files), with faults injected where a local engine cannot: bytes before the
 * record, bytes released only after the record stopped pointing at them, never a half-done
 * write, and another company's parent or file answering exactly like a missing one.
 */
const db = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);

/** What was called, in order: `s3:put <key>`, `db:transact`, `db:update`, `db:delete`, `s3:delete <key>`. */
let log: string[];

/** An intent record's write or delete (lib/files/pending-objects.ts): answered, kept out of `log`. */
const MARKER = { Key: { sk: 'PENDING_OBJECT' } };

/** A call that is not an intent record's write or delete. */
const notMarker = (call: { args: unknown[] }) =>
  (call.args[0] as { input: { Key?: { sk?: string } } }).input.Key?.sk !== 'PENDING_OBJECT';

beforeEach(() => {
  db.reset();
  s3.reset();
  log = [];
  db.on(UpdateCommand, MARKER).resolves({});
  db.on(DeleteCommand, MARKER).resolves({});
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

/** The fault passes through lib untouched; the error middleware answers it with 503 (see lib/http/middleware/errors). */
async function expectDependencyFault(operation: Promise<unknown>): Promise<unknown> {
  const error = await failure(operation);
  expect(isDependencyUnavailable(error)).toBe(true);
  return error;
}

const DPP_SCOPE = dppScope(PRINCIPAL.companyId, IDS.model);
const pdf = (filename = 'care.pdf') => readUpload(partOf(samples.pdf, { filename }));
const png = () => readUpload(partOf(samples.png, { filename: 'new.png', mimetype: 'image/png' }));

const createDppFile = (upload: Upload = pdf()) =>
  createFileUnder(dppFiles, DPP_SCOPE, IDS.dpp, upload, (id, content, createdAt) =>
    toDppFileItem(
      {
        id,
        dpp_id: IDS.dpp,
        company_id: PRINCIPAL.companyId,
        model_id: IDS.model,
        name: upload.filename,
        description: '',
        created_by: PRINCIPAL.userId,
        created_at: createdAt,
      },
      content,
    ),
  );

const createTemplateFile = () => {
  const upload = readUpload(partOf(samples.png, { filename: 'logo.png', mimetype: 'image/png' }));
  return createFileUnder(templateFiles, companyScope(PRINCIPAL), IDS.template, upload, (id, content, createdAt) =>
    toTemplateFileItem(
      {
        id,
        template_id: IDS.template,
        company_id: PRINCIPAL.companyId,
        name: upload.filename,
        description: '',
        created_at: createdAt,
      },
      content,
    ),
  );
};

const creates = [
  ['a DPP file', () => createDppFile()],
  ['a template file', createTemplateFile],
] as const;

describe('creating a file', () => {
  it('stores the bytes first, under a server-chosen key of the caller’s company, then the record that points at them', async () => {
    db.on(TransactWriteCommand).callsFake(() => {
      log.push('db:transact');
      return {};
    });
    const item = await createDppFile(pdf('../../etc/passwd.pdf'));

    const [key] = putKeys();
    expect(key).toMatch(
      new RegExp(`^companies/${PRINCIPAL.companyId}/dpps/${IDS.dpp}/files/[0-9a-f-]{36}/[0-9a-f-]{36}$`),
    );
    expect(log).toEqual([`s3:put ${key}`, 'db:transact']);
    const [check, put] = db.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(check!.ConditionCheck!.Key).toEqual({ pk: `DPP#${IDS.dpp}`, sk: 'DPP' });
    expect(check!.ConditionCheck!.ConditionExpression).toContain('attribute_exists(pk)');
    expect(conditionEqualities(check!.ConditionCheck!)).toEqual({
      company_id: PRINCIPAL.companyId,
      model_id: IDS.model,
    });
    expect(put!.Put!.Item).toMatchObject({ path: key, company_id: PRINCIPAL.companyId, mime_type: 'application/pdf' });
    expect(put!.Put!.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(item.path).toBe(key);
    expect(deletedKeys()).toEqual([]);
  });

  it.each(creates)(
    '%s: fails with the dependency fault when S3 PutObject is slowed down, without any DynamoDB call but its intent record',
    async (_, create) => {
      s3.on(PutObjectCommand).rejects(s3Errors.slowDown());
      await expectDependencyFault(create());
      expect(db.calls().filter(notMarker)).toHaveLength(0);
      expect(dbWrites().filter(notMarker)).toHaveLength(0);
    },
  );

  it.each(creates)(
    '%s: fails with the dependency fault when S3 PutObject cannot connect, without any DynamoDB call but its intent record',
    async (_, create) => {
      s3.on(PutObjectCommand).rejects(s3Errors.connectionReset());
      await expectDependencyFault(create());
      expect(db.calls().filter(notMarker)).toHaveLength(0);
    },
  );

  it.each(creates)('%s: deletes the object it had stored when the transaction is throttled', async (_, create) => {
    db.on(TransactWriteCommand).rejects(dynamoErrors.throttling());
    await expectDependencyFault(create());
    expect(putKeys()).toHaveLength(1);
    expect(deletedKeys()).toEqual(putKeys());
  });

  it.each(creates)(
    '%s: deletes the object it had stored on a DynamoDB 500 during the transaction',
    async (_, create) => {
      db.on(TransactWriteCommand).rejects(dynamoErrors.internalServerError());
      await expectDependencyFault(create());
      expect(deletedKeys()).toEqual(putKeys());
    },
  );

  it.each(creates)(
    '%s: deletes the object it had stored when DynamoDB cancels the transaction for throttling',
    async (_, create) => {
      db.on(TransactWriteCommand).rejects(dynamoErrors.transactionCanceled('ThrottlingError', 'None'));
      await expectDependencyFault(create());
      expect(deletedKeys()).toEqual(putKeys());
    },
  );

  it('answers DPP_NOT_FOUND when the DPP is not the caller’s (the transaction’s condition fails), and deletes the object', async () => {
    db.on(TransactWriteCommand).rejects(dynamoErrors.transactionCanceled('ConditionalCheckFailed', 'None'));
    const error = await domainFailure(createDppFile());
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ message: 'DPP not found', code: 'DPP_NOT_FOUND' });
    expect(deletedKeys()).toEqual(putKeys());
  });

  it('answers TEMPLATE_NOT_FOUND when the template is not the caller’s, and deletes the object', async () => {
    db.on(TransactWriteCommand).rejects(dynamoErrors.transactionCanceled('ConditionalCheckFailed', 'None'));
    const error = await domainFailure(createTemplateFile());
    expect([error.kind, error.code]).toEqual(['not_found', 'TEMPLATE_NOT_FOUND']);
    expect(deletedKeys()).toEqual(putKeys());
  });

  it('still fails with the transaction’s fault when deleting the stored object fails too (the object is orphaned, not the record)', async () => {
    const throttled = dynamoErrors.throttling();
    db.on(TransactWriteCommand).rejects(throttled);
    s3.on(DeleteObjectCommand).rejects(s3Errors.slowDown());
    expect(await expectDependencyFault(createDppFile())).toBe(throttled);
  });
});

describe('listing the files under a parent', () => {
  const files = (n: number, overrides: Record<string, unknown> = {}) =>
    Array.from({ length: n }, (_, i) => dppFileItem({ id: `file-${String(i).padStart(3, '0')}`, ...overrides }));
  const list = (page: { limit?: number; cursor?: string } = {}) =>
    listFilesUnder(dppFiles, companyScope(PRINCIPAL), IDS.dpp, { limit: page.limit ?? 100, cursor: page.cursor });
  const binding = (companyId = PRINCIPAL.companyId, dppId: string = IDS.dpp) => ({
    range: ranges.dppWithFiles(dppId),
    companyId,
  });
  /** A cursor after `file-000` of this DPP, as the service would sign it for `companyId`. */
  const cursorAfterFirst = (companyId?: string) => encodeCursor(keys.dppFile(IDS.dpp, 'file-000'), binding(companyId));
  /** The collection for Query, and its items for GetItem. */
  const serve = (collection: Array<{ pk: string; sk: string }>) => {
    serveCollection(db, collection);
    db.on(GetCommand).callsFake(({ Key: key }) => ({
      Item: collection.find((item) => item.pk === key.pk && item.sk === key.sk),
    }));
  };

  it('lists the caller’s files, with a cursor only when another page has items', async () => {
    serve([dppItem(), ...files(3)]);
    expect(await list({ limit: 3 })).toEqual({ files: files(3) });

    db.reset();
    serve([dppItem(), ...files(4)]);
    const more = await list({ limit: 3 });
    expect(more.nextCursor).toBe(await encodeCursor(keys.dppFile(IDS.dpp, 'file-002'), binding()));
    expect(await list({ limit: 3, cursor: more.nextCursor })).toEqual({ files: files(4).slice(3) });
  });

  it('answers DPP_NOT_FOUND for a DPP of another company, as if it did not exist', async () => {
    serve([dppItem({ company_id: OTHER_COMPANY_ID }), ...files(2, { company_id: OTHER_COMPANY_ID })]);
    const error = await domainFailure(list());
    expect(error).toMatchObject({ kind: 'not_found', code: 'DPP_NOT_FOUND', message: 'DPP not found' });
  });

  it('answers DPP_NOT_FOUND for a DPP that does not exist', async () => {
    serve([]);
    expect((await domainFailure(list())).code).toBe('DPP_NOT_FOUND');
  });

  it.each([
    ['another company, replayed by the caller', () => cursorAfterFirst(OTHER_COMPANY_ID)],
    [
      'another DPP of the caller',
      () => encodeCursor(keys.dppFile('dpp-0002', 'file-000'), binding(undefined, 'dpp-0002')),
    ],
    [
      'the old format (base64 JSON of the key)',
      async () => Buffer.from(JSON.stringify(keys.dppFile(IDS.dpp, 'file-000'))).toString('base64url'),
    ],
  ])('refuses a cursor of %s as INVALID_CURSOR before reading anything', async (_, cursor) => {
    const value = await cursor();
    serve([dppItem({ company_id: OTHER_COMPANY_ID }), ...files(3, { company_id: OTHER_COMPANY_ID })]);
    expect((await domainFailure(list({ cursor: value }))).code).toBe('INVALID_CURSOR');
    expect(db.calls()).toHaveLength(0);
  });

  describe('a later page whose cursor checks out (a leaked cursor key, or a DPP that changed hands)', () => {
    // The MAC cannot be the only check: the parent is read on every page, and answers as on the first.
    const answers = async (collection: Array<{ pk: string; sk: string }>) => {
      db.reset();
      serve(collection);
      const error = await domainFailure(list({ limit: 1, cursor: await cursorAfterFirst() }));
      return { kind: error.kind, code: error.code, message: error.message };
    };

    it('answers a DPP of another company exactly like an unknown one, with files on the page or not', async () => {
      const unknown = await answers([]);
      expect(unknown).toEqual({ kind: 'not_found', code: 'DPP_NOT_FOUND', message: 'DPP not found' });
      const foreign = dppItem({ company_id: OTHER_COMPANY_ID });
      expect(await answers([foreign, ...files(3, { company_id: OTHER_COMPANY_ID })])).toEqual(unknown);
      expect(await answers([foreign, ...files(1, { company_id: OTHER_COMPANY_ID })])).toEqual(unknown);
      expect(await answers([foreign])).toEqual(unknown);
    });

    it('answers DPP_NOT_FOUND when the DPP is gone, even though its files are still there', async () => {
      expect((await answers(files(3))).code).toBe('DPP_NOT_FOUND');
    });

    it('serves the page when the DPP is the caller’s, even an empty one', async () => {
      db.reset();
      serve([dppItem(), ...files(1)]);
      expect(await list({ limit: 1, cursor: await cursorAfterFirst() })).toEqual({ files: [] });
    });
  });
});

describe('replacing the bytes of a DPP file', () => {
  const current = () => dppFileItem();
  const replace = (upload: Upload = png()) => updateFileUnder(dppFiles, DPP_SCOPE, IDS.dpp, IDS.dppFile, { upload });

  /**
   * The update of new content: one transaction (the update and the intent record's delete) over
   * `item`, logged, then the item read back (the first GetItem answers `item` as it was).
   */
  const transactUpdate = (item: Record<string, unknown>) => {
    let after = item;
    db.on(GetCommand).callsFake(() => ({ Item: after }));
    db.on(TransactWriteCommand).callsFake((input: TransactWriteCommandInput) => {
      log.push('db:transact');
      after = applySet(item, input.TransactItems![0]!.Update as unknown as UpdateCommandInput);
      return {};
    });
  };
  const updateInput = () =>
    db.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![0]!.Update as unknown as UpdateCommandInput;

  it('updates the record to the new object, conditioned on the old path, then deletes the old object', async () => {
    transactUpdate(current());
    const updated = await replace();

    const [newKey] = putKeys();
    expect(newKey).not.toBe(current().path);
    expect(log).toEqual([`s3:put ${newKey}`, 'db:transact', `s3:delete ${current().path}`]);
    const legs = db.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(legs[1]!.Delete!.Key).toEqual(keys.pendingObject(newKey!));
    const update = updateInput();
    expect(conditionEqualities(update)).toEqual({
      company_id: PRINCIPAL.companyId,
      model_id: IDS.model,
      path: current().path,
    });
    expect(updated).toMatchObject({ path: newKey, mime_type: 'image/png' });
  });

  it('keeps the old object when a version pinned it (pinned_paths of the updated item)', async () => {
    const pinned = current();
    const item = { ...pinned, pinned_paths: new Set([pinned.path, 'companies/x/older']) };
    transactUpdate(item);
    await replace();
    expect(deletedKeys()).toEqual([]);
    expect(log).toEqual([`s3:put ${putKeys()[0]}`, 'db:transact']);
  });

  it('answers CONFLICT when the conditional update fails (changed meanwhile), deletes the new object and keeps the old', async () => {
    db.on(GetCommand).resolves({ Item: current() });
    db.on(TransactWriteCommand).rejects(dynamoErrors.transactionCanceled('ConditionalCheckFailed', 'None'));
    const error = await domainFailure(replace());
    expect(error).toBeInstanceOf(ConflictError);
    expect([error.kind, error.code]).toEqual(['conflict', 'CONFLICT']);
    expect(putKeys()).toHaveLength(1);
    expect(deletedKeys()).toEqual(putKeys());
    expect(deletedKeys()).not.toContain(current().path);
  });

  it('deletes the new object and keeps the old when the update is throttled', async () => {
    db.on(GetCommand).resolves({ Item: current() });
    db.on(TransactWriteCommand).rejects(dynamoErrors.provisionedThroughputExceeded());
    await expectDependencyFault(replace());
    expect(deletedKeys()).toEqual(putKeys());
  });

  it('does not update the record when S3 PutObject fails', async () => {
    db.on(GetCommand).resolves({ Item: current() });
    s3.on(PutObjectCommand).rejects(s3Errors.slowDown());
    await expectDependencyFault(replace());
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(deletedKeys()).toEqual([]);
  });

  it('answers DPP_FILE_NOT_FOUND for a file of another company without storing anything', async () => {
    db.on(GetCommand).resolves({ Item: dppFileItem({ company_id: 'someone-else' }) });
    const error = await domainFailure(replace());
    expect([error.kind, error.code]).toEqual(['not_found', 'DPP_FILE_NOT_FOUND']);
    expect(s3.calls()).toHaveLength(0);
    expect(dbWrites()).toHaveLength(0);
  });

  it('renames without touching S3 and without a path condition', async () => {
    db.on(GetCommand).resolves({ Item: current() });
    db.on(UpdateCommand).callsFake((input: UpdateCommandInput) => ({ Attributes: applySet(current(), input) }));
    const updated = await updateFileUnder(dppFiles, DPP_SCOPE, IDS.dpp, IDS.dppFile, { name: 'Renamed' });
    expect(updated.name).toBe('Renamed');
    expect(s3.calls()).toHaveLength(0);
    expect(conditionEqualities(db.commandCalls(UpdateCommand)[0]!.args[0].input)).not.toHaveProperty('path');
  });
});

describe('deleting a DPP file', () => {
  const remove = () => deleteFileUnder(dppFiles, DPP_SCOPE, IDS.dpp, IDS.dppFile);

  it('deletes the record, in the caller’s scope, then the object of an unpinned path', async () => {
    db.on(DeleteCommand).callsFake(() => {
      log.push('db:delete');
      return { Attributes: dppFileItem() };
    });
    await remove();
    expect(log).toEqual(['db:delete', `s3:delete ${dppFileItem().path}`]);
    const deletion = db.commandCalls(DeleteCommand)[0]!.args[0].input;
    expect(deletion.Key).toEqual(keys.dppFile(IDS.dpp, IDS.dppFile));
    expect(conditionEqualities(deletion)).toEqual({ company_id: PRINCIPAL.companyId, model_id: IDS.model });
  });

  it('keeps the object of a pinned path', async () => {
    const item = dppFileItem();
    db.on(DeleteCommand).resolves({ Attributes: { ...item, pinned_paths: new Set([item.path]) } });
    await remove();
    expect(s3.calls()).toHaveLength(0);
  });

  it('answers DPP_FILE_NOT_FOUND and deletes no object when the record is not the caller’s', async () => {
    db.on(DeleteCommand).rejects(dynamoErrors.conditionalCheckFailed());
    expect((await domainFailure(remove())).code).toBe('DPP_FILE_NOT_FOUND');
    expect(s3.calls()).toHaveLength(0);
  });

  it('succeeds when the record is gone but deleting the object fails (an orphan object, logged)', async () => {
    db.on(DeleteCommand).resolves({ Attributes: dppFileItem() });
    s3.on(DeleteObjectCommand).rejects(s3Errors.slowDown());
    await expect(remove()).resolves.toMatchObject({ id: IDS.dppFile });
  });

  it('deletes no object when the delete is throttled', async () => {
    db.on(DeleteCommand).rejects(dynamoErrors.throttling());
    await expectDependencyFault(remove());
    expect(s3.calls()).toHaveLength(0);
  });
});
