import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import * as keys from '../../../lib/data/keys';
import { ranges } from '../../../lib/data/keys';
import { decodeCursor } from '../../../lib/data/paging';
import type { DppItem } from '../../../lib/dpps/model';
import { MAX_VERSIONS_PAGE_BYTES } from '../../../lib/limits';
import { snapshotOf } from '../../../lib/versions/document';
import { listDppVersions } from '../../../lib/versions/list-versions';
import { toDppVersionItem } from '../../../lib/versions/model';
import { serveCollection } from '../../support/unit/fake-table';
import { dppItem, IDS } from '../../support/unit/items';
import { domainFailure } from '../../support/unit/rejection';
import { OTHER_COMPANY_ID, PRINCIPAL } from '../../support/unit/tokens';

/** The versions list's page logic over a mocked table: ownership on every page, and the byte limit of a page. */
process.env.PUBLIC_BASE_URL = 'https://dpp.unit';

const db = mockClient(DynamoDBDocumentClient);
const binding = { range: ranges.dppVersions(IDS.dpp), companyId: PRINCIPAL.companyId };

/** Version `n` whose one file has a description of `bytes` characters. */
const version = (n: number, bytes = 10, companyId = PRINCIPAL.companyId) => {
  const snapshot = snapshotOf(dppItem() as DppItem, [], []);
  snapshot.files.push({
    id: `file-${n}`,
    name: 'Manual',
    description: 'x'.repeat(bytes),
    type: 'application/pdf',
    path: `companies/${companyId}/dpps/${IDS.dpp}/files/file-${n}/u`,
    hash: 'a'.repeat(64),
  });
  return toDppVersionItem({
    id: `v${n}`,
    dpp_id: IDS.dpp,
    company_id: companyId,
    version: n,
    created_at: '2026-01-02T03:04:05.678Z',
    created_by: PRINCIPAL.userId,
    snapshot,
    document_path: `companies/${companyId}/dpps/${IDS.dpp}/versions/d${n}.json`,
    content_hash: 'b'.repeat(64),
    status: 'CREATED',
  });
};
const list = (query: { limit: number; cursor?: string } = { limit: 100 }) =>
  listDppVersions(PRINCIPAL, { params: { dppId: IDS.dpp }, query });

beforeEach(() => {
  db.reset();
  db.on(GetCommand).resolves({ Item: dppItem() });
});

describe('listDppVersions', () => {
  it('reads the DPP (GetItem) and the versions (Query) on every page, and answers each version’s view', async () => {
    serveCollection(db, [version(1), version(2)]);
    const { versions, nextCursor } = await list();
    expect(versions.map((v) => [v.version, v.uri])).toEqual([
      ['1', `https://dpp.unit/dpp/${IDS.dpp}/versions/1`],
      ['2', `https://dpp.unit/dpp/${IDS.dpp}/versions/2`],
    ]);
    expect(nextCursor).toBeUndefined();
    expect(db.commandCalls(GetCommand)[0]!.args[0].input.Key).toEqual(keys.dpp(IDS.dpp));
    expect(db.commandCalls(QueryCommand)[0]!.args[0].input.ExpressionAttributeValues).toEqual({
      ':pk': ranges.dppVersions(IDS.dpp).pk,
      ':from': ranges.dppVersions(IDS.dpp).from,
      ':to': ranges.dppVersions(IDS.dpp).to,
    });
  });

  it('answers DPP_NOT_FOUND for a missing DPP and another company’s, whatever the Query found', async () => {
    serveCollection(db, [version(1)]);
    db.on(GetCommand).resolves({});
    expect((await domainFailure(list())).code).toBe('DPP_NOT_FOUND');
    db.on(GetCommand).resolves({ Item: dppItem({ company_id: OTHER_COMPANY_ID }) });
    expect((await domainFailure(list())).code).toBe('DPP_NOT_FOUND');
    db.on(GetCommand).resolves({ Item: dppItem() });
    serveCollection(db, [version(1, 10, OTHER_COMPANY_ID)]);
    expect((await domainFailure(list())).code).toBe('DPP_NOT_FOUND');
  });

  it(`ends a page before its JSON passes ${MAX_VERSIONS_PAGE_BYTES} bytes, its cursor after the last version kept`, async () => {
    const big = Math.floor(MAX_VERSIONS_PAGE_BYTES / 2.5);
    serveCollection(db, [version(1, big), version(2, big), version(3, big), version(4)]);
    const first = await list();
    expect(first.versions.map((v) => v.version)).toEqual(['1', '2']);
    expect(Buffer.byteLength(JSON.stringify(first))).toBeLessThan(MAX_VERSIONS_PAGE_BYTES + 4096);
    expect(await decodeCursor(first.nextCursor!, binding)).toEqual(keys.dppVersion(IDS.dpp, 2));
    const second = await list({ limit: 100, cursor: first.nextCursor });
    expect(second.versions.map((v) => v.version)).toEqual(['3', '4']);
    expect(second.nextCursor).toBeUndefined();
  });

  it('keeps one version on a page even when it alone passes the limit', async () => {
    serveCollection(db, [version(1, MAX_VERSIONS_PAGE_BYTES + 1), version(2)]);
    const page = await list();
    expect(page.versions.map((v) => v.version)).toEqual(['1']);
    expect(page.nextCursor).toEqual(expect.any(String));
  });
});
