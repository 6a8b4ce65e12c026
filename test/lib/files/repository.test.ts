import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import * as keys from '../../../lib/data/keys';
import { type Key, ranges } from '../../../lib/data/keys';
import { dppFiles } from '../../../lib/dpp-files/repository';
import { serveCollection } from '../../support/unit/fake-table';
import { dppFileItem, dppItem, IDS } from '../../support/unit/items';

/**
 * pageWithParent (lib/files/repository.ts), on the DPP-file parent: one Query over the DPP
 * and its files on the first page; on a later page the Query after the last key and a
 * GetItem of the DPP, in parallel; one extra item read to know whether another page exists. The mocked Query serves a sorted collection honouring
 * ExclusiveStartKey and Limit, and may stop early as DynamoDB does at 1 MB
 * (test/support/unit/fake-table.ts).
 */
const db = mockClient(DynamoDBDocumentClient);

const files = (n: number) =>
  Array.from({ length: n }, (_, i) => dppFileItem({ id: `file-${String(i).padStart(3, '0')}` }));

/** The collection for Query, and its items for GetItem. */
const serve = (collection: Array<{ pk: string; sk: string }>, pageCap?: number) => {
  serveCollection(db, collection, pageCap);
  db.on(GetCommand).callsFake(({ Key: key }) => ({
    Item: collection.find((item) => item.pk === key.pk && item.sk === key.sk),
  }));
};

beforeEach(() => {
  db.reset();
});

const page = (limit: number, after?: Key) => dppFiles.repository.pageWithParent(IDS.dpp, { limit, after });
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

  it('continues after the last key until the last page, with the DPP on every page', async () => {
    serve([dppItem(), ...files(5)]);
    const first = await page(2);
    const second = await page(2, first.nextKey);
    const third = await page(2, second.nextKey);
    expect([first, second, third].flatMap(idsOf)).toEqual(['file-000', 'file-001', 'file-002', 'file-003', 'file-004']);
    expect([first.parent, second.parent, third.parent]).toEqual([dppItem(), dppItem(), dppItem()]);
    expect(third.nextKey).toBeUndefined();
    expect(queries()[1]!.ExclusiveStartKey).toEqual(keys.dppFile(IDS.dpp, 'file-001'));
  });

  it('reads the DPP of a later page with one GetItem sent in parallel with the Query: one round trip', async () => {
    // Each call answers only once both were sent: sequential calls would never finish.
    let arrived = 0;
    let release!: () => void;
    const both = new Promise<void>((resolve) => {
      release = resolve;
    });
    const barrier = async <T>(answer: T) => {
      if (++arrived === 2) release();
      await both;
      return answer;
    };
    db.on(GetCommand).callsFake(() => barrier({ Item: dppItem() }));
    db.on(QueryCommand).callsFake(() => barrier({ Items: files(2).slice(1) }));

    const result = await Promise.race([
      page(100, keys.dppFile(IDS.dpp, 'file-000')),
      new Promise((_, reject) => setTimeout(() => reject(new Error('the two reads were not in parallel')), 2_000)),
    ]);

    expect(result).toEqual({ parent: dppItem(), files: files(2).slice(1), nextKey: undefined });
    expect(db.commandCalls(GetCommand).map((c) => c.args[0].input.Key)).toEqual([keys.dpp(IDS.dpp)]);
    expect(db.calls()).toHaveLength(2);
  });

  it('has no parent on a later page when the DPP does not exist, files or not', async () => {
    serve([...files(3)]);
    const result = await page(1, keys.dppFile(IDS.dpp, 'file-000'));
    expect(result.parent).toBeUndefined();
    expect(idsOf(result)).toEqual(['file-001']);
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
});
