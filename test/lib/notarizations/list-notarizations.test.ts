import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import * as v from 'valibot';
import { beforeEach, describe, expect, it } from 'vitest';
import { notarization as notarizationShape } from '../../../lib/api/views';
import * as keys from '../../../lib/data/keys';
import { encodeCursor } from '../../../lib/data/paging';
import { listDppNotarizations } from '../../../lib/notarizations/list-notarizations';
import { type NotarizationItem, toNotarizationItem } from '../../../lib/notarizations/model';
import { notarizationView } from '../../../lib/notarizations/view';
import { serveCollection } from '../../support/unit/fake-table';
import { dppItem, IDS } from '../../support/unit/items';
import { domainFailure } from '../../support/unit/rejection';
import { OTHER_COMPANY_ID, PRINCIPAL } from '../../support/unit/tokens';

process.env.PUBLIC_BASE_URL = 'https://dpp.unit';

const db = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);

const T0 = '2026-01-02T03:04:05.678Z';
const FILE_PATH = `companies/${PRINCIPAL.companyId}/dpps/${IDS.dpp}/files/${IDS.dppFile}/u1`;

const record = (version: number, overrides: Partial<NotarizationItem> = {}): NotarizationItem =>
  toNotarizationItem({
    id: `n-${version}`,
    dpp_id: IDS.dpp,
    company_id: PRINCIPAL.companyId,
    version,
    version_id: `v-${version}`,
    dpp_hash: 'd'.repeat(64),
    report_hash: 'e'.repeat(64),
    submitter: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
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
      files: [
        {
          id: IDS.dppFile,
          name: 'Care label',
          description: 'How to wash it',
          type: 'application/pdf',
          path: FILE_PATH,
          hash: 'a'.repeat(64),
        },
      ],
      cards: [
        {
          id: IDS.card,
          name: 'Materials',
          description: 'What it is made of',
          characteristics: [{ id: 'char-1', characteristic: '95% cotton' }],
        },
      ],
    },
    status: 'PENDING',
    created_at: T0,
    updated_at: T0,
    attempts: 0,
    ...overrides,
  });

const ANCHORED = {
  status: 'ANCHORED',
  transaction_hash: `0x${'1'.repeat(64)}`,
  raw_transaction: '0x02f8',
  nonce: 4,
  from: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
  to: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
  block_hash: `0x${'2'.repeat(64)}`,
  block_number: 17,
  url: `https://explorer.unit/tx/0x${'1'.repeat(64)}`,
  attempts: 1,
} as const;

beforeEach(() => {
  db.reset();
  s3.reset();
});

describe('notarizationView', () => {
  it('shows a PENDING record with every chain field "" and block_number 0, the DPP as frozen, files and cards', async () => {
    const view = await notarizationView(record(1));
    expect(v.safeParse(notarizationShape, view).issues).toBeUndefined();
    expect(view).toEqual({
      id: 'n-1',
      block_hash: '',
      block_number: 0,
      created_at: T0,
      dpp_hash: 'd'.repeat(64),
      from: '',
      to: '',
      transaction_hash: '',
      url: '',
      version: 1,
      status: 'PENDING',
      dpp: {
        id: IDS.dpp,
        code: '08012345000016',
        description: 'A T-shirt made of organic cotton',
        dpp_id: IDS.dpp,
        model_id: IDS.model,
        name: 'Organic cotton T-shirt',
        type: 'apparel',
        search_id: '01/08012345000016/21/X1',
        template_id: '',
        company_id: PRINCIPAL.companyId,
        created_at: T0,
        updated_at: T0,
        version_id: 'v-1',
        related_dpps: null,
      },
      files: [
        {
          id: IDS.dppFile,
          name: 'Care label',
          description: 'How to wash it',
          type: 'application/pdf',
          path: FILE_PATH,
          url: expect.stringContaining('X-Amz-Signature='),
        },
      ],
      cards: [
        {
          id: IDS.card,
          name: 'Materials',
          description: 'What it is made of',
          characteristics: [{ id: 'char-1', characteristic: '95% cotton' }],
        },
      ],
    });
    expect(decodeURIComponent(new URL(view.files[0]!.url).pathname)).toContain(FILE_PATH);
  });

  it('shows the transaction once sent (still PENDING) and the block once mined (ANCHORED)', async () => {
    const { block_hash: _h, block_number: _n, ...sent } = ANCHORED;
    const pending = await notarizationView(record(1, { ...sent, status: 'PENDING' }));
    expect(pending).toMatchObject({
      status: 'PENDING',
      transaction_hash: ANCHORED.transaction_hash,
      from: ANCHORED.from,
      to: ANCHORED.to,
      url: ANCHORED.url,
      block_hash: '',
      block_number: 0,
    });
    const anchored = await notarizationView(record(1, ANCHORED));
    expect(v.safeParse(notarizationShape, anchored).issues).toBeUndefined();
    expect(anchored).toMatchObject({ status: 'ANCHORED', block_hash: ANCHORED.block_hash, block_number: 17 });
    // What the worker keeps for itself stays out of the view.
    expect(Object.keys(anchored)).not.toContain('raw_transaction');
    expect(Object.keys(anchored)).not.toContain('report_hash');
  });
});

describe('listDppNotarizations', () => {
  const list = (query: { limit: number; cursor?: string }, dppId: string = IDS.dpp) =>
    listDppNotarizations(PRINCIPAL, { params: { dppId }, query });

  it('reads the DPP with a GetItem beside a Query of the NOTARIZATION# range only, oldest first', async () => {
    db.on(GetCommand).resolves({ Item: dppItem() });
    serveCollection(db, [record(1), record(2, ANCHORED)]);
    const { notarizations, nextCursor } = await list({ limit: 100 });
    expect(notarizations.map((n) => [n.version, n.status])).toEqual([
      [1, 'PENDING'],
      [2, 'ANCHORED'],
    ]);
    expect(nextCursor).toBeUndefined();
    expect(db.commandCalls(GetCommand)[0]!.args[0].input.Key).toEqual(keys.dpp(IDS.dpp));
    const query = db.commandCalls(QueryCommand)[0]!.args[0].input as QueryCommandInput;
    expect(query.ExpressionAttributeValues).toEqual({
      ':pk': `HISTORY#${IDS.dpp}`,
      ':from': 'NOTARIZATION#',
      ':to': 'NOTARIZATION#\uffff',
    });
    expect(query.ScanIndexForward).toBeUndefined();
  });

  it('pages: a cursor only when another page has items, and the next page starts after it', async () => {
    db.on(GetCommand).resolves({ Item: dppItem() });
    serveCollection(db, [record(1), record(2), record(3)]);
    const first = await list({ limit: 2 });
    expect(first.notarizations.map((n) => n.version)).toEqual([1, 2]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list({ limit: 2, cursor: first.nextCursor });
    expect(second.notarizations.map((n) => n.version)).toEqual([3]);
    expect(second.nextCursor).toBeUndefined();
    expect(db.commandCalls(GetCommand)).toHaveLength(2);
  });

  it('answers DPP_NOT_FOUND for a missing DPP and for one of another company, records or not', async () => {
    serveCollection(db, [record(1)]);
    db.on(GetCommand).resolves({});
    expect((await domainFailure(list({ limit: 100 }))).code).toBe('DPP_NOT_FOUND');
    db.on(GetCommand).resolves({ Item: dppItem({ company_id: OTHER_COMPANY_ID }) });
    expect((await domainFailure(list({ limit: 100 }))).code).toBe('DPP_NOT_FOUND');
    serveCollection(db, []);
    expect((await domainFailure(list({ limit: 100 }))).code).toBe('DPP_NOT_FOUND');
  });

  it("refuses a cursor of another DPP's notarizations, of another company or of the versions, before reading", async () => {
    const elsewhere = [
      await encodeCursor(keys.notarization('dpp-0002', 1), {
        range: { pk: 'HISTORY#dpp-0002', from: 'NOTARIZATION#', to: 'NOTARIZATION#\uffff' },
        companyId: PRINCIPAL.companyId,
      }),
      await encodeCursor(keys.notarization(IDS.dpp, 1), {
        range: { pk: `HISTORY#${IDS.dpp}`, from: 'NOTARIZATION#', to: 'NOTARIZATION#\uffff' },
        companyId: OTHER_COMPANY_ID,
      }),
      await encodeCursor(keys.dppVersion(IDS.dpp, 1), {
        range: { pk: `HISTORY#${IDS.dpp}`, from: 'VERSION#', to: 'VERSION#\uffff' },
        companyId: PRINCIPAL.companyId,
      }),
    ];
    for (const cursor of elsewhere) {
      expect((await domainFailure(list({ limit: 1, cursor }))).code).toBe('INVALID_CURSOR');
    }
    expect(db.calls()).toHaveLength(0);
  });
});
