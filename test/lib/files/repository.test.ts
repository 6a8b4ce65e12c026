import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { keys, ranges } from '../../../lib/data/keys';
import { encodeCursor } from '../../../lib/data/paging';
import { dppFiles } from '../../../lib/dpp-files/repository';
import { serveCollection } from '../../support/unit/fake-table';
import { dppFileItem, dppItem, IDS } from '../../support/unit/items';
import { domainFailure } from '../../support/unit/rejection';

/**
 * pageWithParent (lib/files/repository.ts), on the DPP-file parent: one Query over the DPP
 * and its files, the parent on the first page only, one extra item read to know whether
 * another page exists. The mocked Query serves a sorted collection honouring
 * ExclusiveStartKey and Limit, and may stop early as DynamoDB does at 1 MB
 * (test/support/unit/fake-table.ts).
 */
const db = mockClient(DynamoDBDocumentClient);

const files = (n: number) =>
  Array.from({ length: n }, (_, i) => dppFileItem({ id: `file-${String(i).padStart(3, '0')}` }));

const serve = (collection: Array<{ pk: string; sk: string }>, pageCap?: number) =>
  serveCollection(db, collection, pageCap);

beforeEach(() => {
  db.reset();
});

const page = (limit: number, cursor?: string) => dppFiles.repository.pageWithParent(IDS.dpp, { limit, cursor });
const queries = () => db.commandCalls(QueryCommand).map((c) => c.args[0].input);
const idsOf = (result: { files: Array<{ id: string }> }) => result.files.map((f) => f.id);

describe('paging a parent with its files', () => {
  it('reads the DPP and its files in one Query over their sort-key range', async () => {
    serve([dppItem(), ...files(3)]);
    const result = await page(100);
    expect(result.parent).toEqual(dppItem());
    expect(idsOf(result)).toEqual(['file-000', 'file-001', 'file-002']);
    expect(result.nextKey).toBeUndefined();
    const range = ranges.dppWithFiles(IDS.dpp);
    expect(queries()).toHaveLength(1);
    expect(queries()[0]!.ExpressionAttributeValues).toEqual({ ':pk': range.pk, ':from': range.from, ':to': range.to });
  });

  it('gives a next key only when another page has items', async () => {
    serve([dppItem(), ...files(3)]);
    const exact = await page(3);
    expect(exact.files).toHaveLength(3);
    expect(exact.nextKey).toBeUndefined();

    db.reset();
    serve([dppItem(), ...files(4)]);
    const more = await page(3);
    expect(more.files).toHaveLength(3);
    expect(more.nextKey).toEqual(keys.dppFile(IDS.dpp, 'file-002'));
  });

  it('continues after the cursor, without the DPP, until the last page', async () => {
    serve([dppItem(), ...files(5)]);
    const first = await page(2);
    const second = await page(2, encodeCursor(first.nextKey!));
    const third = await page(2, encodeCursor(second.nextKey!));
    expect([first, second, third].flatMap(idsOf)).toEqual(['file-000', 'file-001', 'file-002', 'file-003', 'file-004']);
    expect([second.parent, third.parent]).toEqual([undefined, undefined]);
    expect(third.nextKey).toBeUndefined();
    expect(queries()[1]!.ExclusiveStartKey).toEqual(keys.dppFile(IDS.dpp, 'file-001'));
  });

  it('keeps reading when DynamoDB returns a short page (1 MB limit) before the page is full', async () => {
    serve([dppItem(), ...files(5)], 2);
    const result = await page(4);
    expect(result.files).toHaveLength(4);
    expect(result.nextKey).toBeDefined();
    expect(queries().length).toBeGreaterThan(1);
  });

  it('has no parent when the DPP does not exist', async () => {
    serve([]);
    expect(await page(100)).toEqual({ parent: undefined, files: [], nextKey: undefined });
  });

  it('refuses a cursor of another DPP as INVALID_CURSOR, without reading', async () => {
    const error = await domainFailure(page(100, encodeCursor(keys.dppFile('another-dpp', 'file-000'))));
    expect([error.kind, error.code]).toEqual(['invalid', 'INVALID_CURSOR']);
    expect(db.calls()).toHaveLength(0);
  });

  it.each([
    ['the DPP’s translation item', keys.dppTranslation(IDS.dpp, 'de')],
    ['a card of the DPP', keys.dppCard(IDS.dpp, IDS.card)],
  ])('refuses a cursor on %s, outside the listed range, as INVALID_CURSOR', async (_, key) => {
    serve([dppItem(), ...files(3)]);
    const error = await domainFailure(page(100, encodeCursor(key)));
    expect([error.kind, error.code]).toEqual(['invalid', 'INVALID_CURSOR']);
  });
});
