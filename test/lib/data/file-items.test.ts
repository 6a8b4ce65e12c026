import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, type QueryCommandInput, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler as listDppFiles } from '../../../functions/list-dpp-files';
import { keys, ranges } from '../../../lib/data/keys';
import { encodeCursor } from '../../../lib/data/paging';
import { dynamoErrors } from '../../support/unit/aws-errors';
import { invoke } from '../../support/unit/events';
import { dppFileItem, dppItem, IDS } from '../../support/unit/items';
import { mintToken, OTHER_COMPANY_ID } from '../../support/unit/tokens';

/**
 * queryParentWithChildren (lib/data/file-items.ts) through list-dpp-files: one Query over
 * the DPP and its files, the parent on the first page only, one extra item read to know
 * whether another page exists. The mocked Query serves a sorted collection honouring
 * ExclusiveStartKey and Limit, and may stop early as DynamoDB does at 1 MB.
 */
const db = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);

const files = (n: number) => Array.from({ length: n }, (_, i) => dppFileItem({ id: `file-${String(i).padStart(3, '0')}` }));

function serve(collection: Array<{ pk: string; sk: string }>, pageCap = Infinity): void {
  db.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const startSk = input.ExclusiveStartKey?.sk as string | undefined;
    const values = input.ExpressionAttributeValues ?? {};
    if (startSk !== undefined && (startSk < values[':from'] || startSk > values[':to'])) {
      // What DynamoDB answers for a start key outside the key condition.
      throw dynamoErrors.validation();
    }
    const start = input.ExclusiveStartKey
      ? collection.findIndex((item) => item.sk === input.ExclusiveStartKey!.sk) + 1
      : 0;
    const take = Math.min(input.Limit ?? Infinity, pageCap);
    const Items = collection.slice(start, start + take);
    const last = Items[Items.length - 1];
    const more = start + Items.length < collection.length;
    return { Items, ...(more && last && { LastEvaluatedKey: { pk: last.pk, sk: last.sk } }) };
  });
}

let token: string;
beforeEach(async () => {
  db.reset();
  s3.reset();
  token = await mintToken();
});

const list = (query = '') =>
  invoke('list-dpp-files', listDppFiles, { method: 'GET', url: `/view-dpp-files/${IDS.dpp}${query}`, token });
const queries = () => db.commandCalls(QueryCommand).map((c) => c.args[0].input);

describe('listing a DPP’s files in pages', () => {
  it('reads the DPP and its files in one Query over their sort-key range', async () => {
    serve([dppItem(), ...files(3)]);
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.json.files.map((f: { id: string }) => f.id)).toEqual(['file-000', 'file-001', 'file-002']);
    expect(response.json.nextCursor).toBeUndefined();
    const range = ranges.dppWithFiles(IDS.dpp);
    expect(queries()).toHaveLength(1);
    expect(queries()[0]!.ExpressionAttributeValues).toEqual({ ':pk': range.pk, ':from': range.from, ':to': range.to });
  });

  it('gives a cursor only when another page has items', async () => {
    serve([dppItem(), ...files(3)]);
    const exact = await list('?limit=3');
    expect(exact.json.files).toHaveLength(3);
    expect(exact.json.nextCursor).toBeUndefined();

    db.reset();
    serve([dppItem(), ...files(4)]);
    const more = await list('?limit=3');
    expect(more.json.files).toHaveLength(3);
    expect(more.json.nextCursor).toBe(encodeCursor(keys.dppFile(IDS.dpp, 'file-002')));
  });

  it('continues after the cursor, without the DPP, until the last page', async () => {
    serve([dppItem(), ...files(5)]);
    const first = await list('?limit=2');
    const second = await list(`?limit=2&cursor=${first.json.nextCursor}`);
    const third = await list(`?limit=2&cursor=${second.json.nextCursor}`);
    const ids = [first, second, third].flatMap((r) => r.json.files.map((f: { id: string }) => f.id));
    expect(ids).toEqual(['file-000', 'file-001', 'file-002', 'file-003', 'file-004']);
    expect(third.json.nextCursor).toBeUndefined();
    expect(queries()[1]!.ExclusiveStartKey).toEqual(keys.dppFile(IDS.dpp, 'file-001'));
  });

  it('keeps reading when DynamoDB returns a short page (1 MB limit) before the page is full', async () => {
    serve([dppItem(), ...files(5)], 2);
    const response = await list('?limit=4');
    expect(response.json.files).toHaveLength(4);
    expect(response.json.nextCursor).toBeDefined();
    expect(queries().length).toBeGreaterThan(1);
  });

  it('answers 406 for a DPP of another company, as if it did not exist', async () => {
    serve([dppItem({ company_id: OTHER_COMPANY_ID }), ...files(2).map((f) => ({ ...f, company_id: OTHER_COMPANY_ID }))]);
    const response = await list();
    expect(response.status).toBe(406);
    expect(response.json).toEqual({ error: 'DPP not found', code: 'DPP_NOT_FOUND' });
  });

  it('answers 406 for a DPP that does not exist', async () => {
    serve([]);
    expect((await list()).status).toBe(406);
  });

  it('answers 406 for a later page of another company’s files', async () => {
    serve([dppItem({ company_id: OTHER_COMPANY_ID }), ...files(3).map((f) => ({ ...f, company_id: OTHER_COMPANY_ID }))]);
    const cursor = encodeCursor(keys.dppFile(IDS.dpp, 'file-000'));
    expect((await list(`?cursor=${cursor}`)).status).toBe(406);
  });

  it('answers 400 INVALID_CURSOR for a cursor of another DPP, without reading', async () => {
    const cursor = encodeCursor(keys.dppFile('another-dpp', 'file-000'));
    const response = await list(`?cursor=${cursor}`);
    expect([response.status, response.json.code]).toEqual([400, 'INVALID_CURSOR']);
    expect(db.calls()).toHaveLength(0);
  });

  it.each([
    ['the DPP’s translation item', keys.dppTranslation(IDS.dpp, 'de')],
    ['a card of the DPP', keys.dppCard(IDS.dpp, IDS.card)],
  ])('answers 400 INVALID_CURSOR for a cursor on %s, outside the listed range', async (_, key) => {
    serve([dppItem(), ...files(3)]);
    const response = await list(`?cursor=${encodeCursor(key)}`);
    expect([response.status, response.json.code]).toEqual([400, 'INVALID_CURSOR']);
  });

  it('gives each file a signed GET URL of its object', async () => {
    serve([dppItem(), ...files(1)]);
    const [file] = (await list()).json.files;
    const url = new URL(file.url);
    expect(decodeURIComponent(url.pathname)).toContain(file.path);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
  });
});
