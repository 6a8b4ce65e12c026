import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { toDppCardItem } from '../../lib/dpps/model';
import { MAX_RELATED_COPIES, MAX_RELATED_DPPS } from '../../lib/limits';
import {
  call,
  demo,
  download,
  fixture,
  form,
  isUnavailable,
  json as jsonBody,
  localBucketClient,
  localEnv,
  localTable,
  putTestDpp,
  type Reply,
  type Tenant,
  tokenFor,
} from '../support/api';

/**
 * Interface 4.3, related DPPs, end to end through the local API and engines (docs/spec/decisions.md,
 * Related DPPs). Acme and Volta are partners; Globex is related to no one. Every test that
 * links writes to DPPs of its own (written straight to the table, files uploaded through the
 * API), so the demo passports other files read stay as seeded.
 */
const pdf = fixture('sample.pdf');
const csv = fixture('sample.csv');
const { doc, tableName } = localTable();
const s3 = localBucketClient();
const json = { 'content-type': 'application/json' };

interface Dpp {
  id: string;
  companyId: string;
  modelId: string;
  prefix: string;
}

/** A fresh DPP of a company (a demo tenant's, or any company id), of the demo DPP's model. */
async function newDpp(owner: Tenant | { companyId: string }, fields: { related_dpps?: string[] } = {}): Promise<Dpp> {
  const companyId = typeof owner === 'string' ? demo[owner].company.id : owner.companyId;
  const modelId = typeof owner === 'string' ? demo[owner].dpp.model_id : uuidv7();
  const item = await putTestDpp('rel', {
    company_id: companyId,
    model_id: modelId,
    name: 'Related-DPPs test passport',
    description: 'Written by test/functions/related-dpps.test.ts',
    ...fields,
  });
  return { id: item.id, companyId, modelId, prefix: `companies/${companyId}/dpps/${item.id}/` };
}

/** Uploads a file to a DPP of the tenant's through the API; its id. */
async function upload(tenant: Tenant, dpp: Dpp, bytes: Buffer, name: string): Promise<string> {
  const reply = await call('POST', `/models/${dpp.modelId}/dpps/${dpp.id}/upload-file`, {
    token: await tokenFor(tenant),
    form: form({ name, description: `${name}, described` }, { bytes, name: `${name}.bin` }),
  });
  expect(reply.status).toBe(200);
  return reply.body.file.id;
}

/** Writes tech cards on a DPP (no endpoint writes cards yet). */
async function putCards(dpp: Dpp, cards: Array<{ name: string; characteristics: string[] }>) {
  const items = cards.map((card) =>
    toDppCardItem(dpp.id, {
      id: uuidv7(),
      company_id: dpp.companyId,
      name: card.name,
      description: `${card.name}, described`,
      characteristics: card.characteristics.map((characteristic) => ({ id: uuidv7(), characteristic })),
    }),
  );
  for (let i = 0; i < items.length; i += 25) {
    const batch = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    await doc.send(new BatchWriteCommand({ RequestItems: { [tableName]: batch } }));
  }
  return items;
}

/** A source DPP of the tenant's with files (bytes uploaded) and cards. */
async function sourceDpp(tenant: Tenant, files: Array<[string, Buffer]>, cards: string[] = []) {
  const dpp = await newDpp(tenant);
  const fileIds: string[] = [];
  for (const [name, bytes] of files) fileIds.push(await upload(tenant, dpp, bytes, name));
  const cardItems = await putCards(
    dpp,
    cards.map((name) => ({ name, characteristics: [`${name}: first`, `${name}: second`] })),
  );
  return { ...dpp, fileIds, cards: cardItems };
}

/** 409 CONCURRENT_CHANGE: every attempt met another request's change (the contract's "retry"). */
const gaveUp = (reply: Reply): boolean => reply.status === 409 && reply.body?.code === 'CONCURRENT_CHANGE';

async function link(
  target: { companyId: string; id: string },
  relatedDppIds: unknown,
  options: { tenant?: Tenant; headers?: Record<string, string> } = {},
) {
  return call('POST', `/related-dpps/${target.companyId}/${target.id}`, {
    token: await tokenFor(options.tenant ?? 'acme'),
    headers: { ...json, ...options.headers },
    body: JSON.stringify({ relatedDppIds }),
  });
}

/** Every item of a DPP's collection, straight from the table. */
async function collection(dppId: string) {
  const { Items = [] } = await doc.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `DPP#${dppId}` },
    }),
  );
  return Items;
}

async function objectsUnder(prefix: string): Promise<string[]> {
  const page = await s3.send(new ListObjectsV2Command({ Bucket: localEnv.BUCKET_NAME, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key!).sort();
}

/** What a refused or failed link must leave exactly as it was: the target's items and objects. */
async function stored(dpp: Dpp) {
  return { items: await collection(dpp.id), objects: await objectsUnder(dpp.prefix) };
}

/** A fresh DPP nothing was linked to: its one item as written, no link, no object. */
async function untouched(dpp: Dpp): Promise<boolean> {
  const { items, objects } = await stored(dpp);
  return items.length === 1 && items[0]!.sk === 'DPP' && items[0]!.related_dpps === undefined && objects.length === 0;
}

const search = async (userId: string, tenant: Tenant = 'acme') =>
  call('GET', `/related-dpps/${userId}`, { token: await tokenFor(tenant) });
const idsOf = (reply: { body: { dpps: Array<{ id: string }> } }) => reply.body.dpps.map((d) => d.id);
const demoIds = (tenant: Tenant) => demo[tenant].company.dpps.map((d) => d.id);

describe('GET /related-dpps/{userId}', () => {
  it("answers the company's DPPs, its partners' and the ones its DPPs link to, each once, own first", async () => {
    const own = await newDpp('acme');
    const partners = await newDpp('volta');
    // A DPP of a company that is no partner (any more): visible only through the link an Acme DPP keeps.
    const formerPartner = await newDpp({ companyId: uuidv7() });
    const linker = await newDpp('acme', { related_dpps: [formerPartner.id, own.id] });
    expect((await link(own, [partners.id])).status).toBe(200);

    const reply = await search(demo.acme.admin.id);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ message: expect.any(String), ok: true });
    const ids = idsOf(reply);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of [...demoIds('acme'), ...demoIds('volta'), own.id, partners.id, linker.id, formerPartner.id]) {
      expect(ids).toContain(id);
    }
    for (const id of demoIds('globex')) expect(ids).not.toContain(id);

    // The company's own first, then its partners', then the other linked ones.
    const companies = reply.body.dpps.map((d: { company_id: string }) => d.company_id);
    const lastOwn = companies.lastIndexOf(demo.acme.company.id);
    expect(companies.indexOf(demo.volta.company.id)).toBeGreaterThan(lastOwn);
    expect(ids.indexOf(formerPartner.id)).toBeGreaterThan(companies.lastIndexOf(demo.volta.company.id));

    expect(reply.body.dpps.find((d: { id: string }) => d.id === own.id)).toEqual({
      id: own.id,
      company_id: demo.acme.company.id,
      name: 'Related-DPPs test passport',
      description: 'Written by test/functions/related-dpps.test.ts',
      type: 'test-passport',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      related_dpps: [partners.id],
    });
    expect(reply.body.dpps.find((d: { id: string }) => d.id === linker.id).related_dpps).toEqual([
      formerPartner.id,
      own.id,
    ]);
  });

  it("answers for another user of the token's company too", async () => {
    const editor = demo.acme.company.users[1]!.id;
    const reply = await search(editor);
    expect(reply.status).toBe(200);
    for (const id of [...demoIds('acme'), ...demoIds('volta')]) expect(idsOf(reply)).toContain(id);
  });

  it("shows the partner Acme's DPPs, and Globex, related to no one, only its own", async () => {
    const volta = await search(demo.volta.admin.id, 'volta');
    expect(volta.status).toBe(200);
    for (const id of [...demoIds('volta'), ...demoIds('acme')]) expect(idsOf(volta)).toContain(id);
    for (const id of demoIds('globex')) expect(idsOf(volta)).not.toContain(id);

    const globex = await search(demo.globex.admin.id, 'globex');
    expect(globex.status).toBe(200);
    expect(idsOf(globex)).toEqual(expect.arrayContaining(demoIds('globex')));
    expect(new Set(globex.body.dpps.map((d: { company_id: string }) => d.company_id))).toEqual(
      new Set([demo.globex.company.id]),
    );
  });

  it("answers 404 USER_NOT_FOUND for an unknown user and, alike, for another company's user", async () => {
    const unknown = await search(uuidv7());
    const foreign = await search(demo.globex.admin.id);
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: 404,
      body: { error: expect.any(String), code: 'USER_NOT_FOUND' },
    });
    expect({ status: foreign.status, body: foreign.body }).toEqual({ status: 404, body: unknown.body });
  });

  it('answers 400 for a malformed userId and 401 without a token', async () => {
    const malformed = await search('not%20an%20id');
    expect({ status: malformed.status, code: malformed.body.code }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    expect(malformed.body.details).toEqual([{ path: 'userId', message: expect.any(String) }]);
    expect((await call('GET', `/related-dpps/${demo.acme.admin.id}`)).status).toBe(401);
  });
});

describe('POST /related-dpps/{companyId}/{dppId}', () => {
  it('copies the files, bytes included, and the tech cards onto the target and records the link', async () => {
    const target = await newDpp('acme');
    const source = await sourceDpp(
      'volta',
      [
        ['Safety sheet', pdf],
        ['Cell list', csv],
      ],
      ['Chemistry'],
    );
    const reply = await link(target, [source.id]);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      message: expect.any(String),
      updatedDppId: target.id,
      ok: true,
      related_files: [
        {
          id: expect.any(String),
          name: 'Safety sheet',
          description: 'Safety sheet, described',
          type: 'application/pdf',
          path: expect.stringMatching(new RegExp(`^${target.prefix}files/`)),
          url: expect.stringContaining('X-Amz-Signature='),
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
        expect.objectContaining({ name: 'Cell list', type: 'text/csv' }),
      ],
      related_tech_cards: [
        {
          id: expect.any(String),
          name: 'Chemistry',
          description: 'Chemistry, described',
          characteristics: [
            {
              id: expect.any(String),
              characteristic: 'Chemistry: first',
              dpp_card_id: reply.body.related_tech_cards[0].id,
            },
            {
              id: expect.any(String),
              characteristic: 'Chemistry: second',
              dpp_card_id: reply.body.related_tech_cards[0].id,
            },
          ],
        },
      ],
    });
    // New ids, the target's own object keys, the same bytes.
    const [copyPdf, copyCsv] = reply.body.related_files;
    const card = reply.body.related_tech_cards[0];
    expect(source.fileIds).not.toContain(copyPdf.id);
    expect(card.id).not.toBe(source.cards[0]!.id);
    expect(card.characteristics.map((c: { id: string }) => c.id)).not.toContain(
      source.cards[0]!.characteristics![0]!.id,
    );
    expect((await download(copyPdf.url)).bytes.equals(pdf)).toBe(true);
    expect((await download(copyCsv.url)).bytes.equals(csv)).toBe(true);

    // The copies are the target's files and cards, marked with where they came from.
    const items = await collection(target.id);
    const dpp = items.find((i) => i.sk === 'DPP')!;
    expect(dpp.related_dpps).toEqual([source.id]);
    const copies = items.filter((i) => i.copied_from);
    expect(copies.map((i) => [i.type, i.company_id, i.copied_from]).sort()).toEqual(
      [
        ['DPP_CARD', demo.acme.company.id, { dpp_id: source.id, id: source.cards[0]!.id }],
        ['DPP_FILE', demo.acme.company.id, { dpp_id: source.id, id: source.fileIds[0] }],
        ['DPP_FILE', demo.acme.company.id, { dpp_id: source.id, id: source.fileIds[1] }],
      ].sort(),
    );
    const listed = await call('GET', `/view-dpp-files/${target.id}`, { token: await tokenFor('acme') });
    expect(listed.body.files.map((f: { id: string; created_by: string }) => [f.id, f.created_by])).toEqual([
      [copyPdf.id, demo.acme.admin.id],
      [copyCsv.id, demo.acme.admin.id],
    ]);
    const passport = await call('GET', `/dpp/${target.id}`);
    expect(passport.body.dpp.cards.map((c: { id: string }) => c.id)).toEqual([card.id]);
    expect(await objectsUnder(target.prefix)).toEqual([copyPdf.path, copyCsv.path].sort());
    // The source is only read.
    expect((await collection(source.id)).filter((i) => i.copied_from || i.related_dpps)).toEqual([]);
  });

  it("keeps a copy's bytes after the source file is deleted", async () => {
    const target = await newDpp('acme');
    const source = await sourceDpp('volta', [['Manual', pdf]]);
    const reply = await link(target, [source.id]);
    expect(reply.status).toBe(200);
    const deleted = await call(
      'DELETE',
      `/models/${source.modelId}/delete-dpp-file/${source.id}/file/${source.fileIds[0]}`,
      { token: await tokenFor('volta') },
    );
    expect(deleted.status).toBe(200);
    expect(await objectsUnder(source.prefix)).toEqual([]);

    const copy = reply.body.related_files[0];
    const viewed = await call('GET', `/models/${target.modelId}/view-dpp-file/${target.id}/file/${copy.id}`, {
      token: await tokenFor('acme'),
    });
    expect(viewed.status).toBe(200);
    expect((await download(viewed.body.file[0].url)).bytes.equals(pdf)).toBe(true);
  });

  it('copies nothing twice: a repeat answers the same copies, a new DPP beside a linked one adds only its own', async () => {
    const target = await newDpp('acme');
    const first = await sourceDpp('volta', [['First', pdf]], ['First card']);
    const second = await sourceDpp('acme', [['Second', csv]]);
    const once = await link(target, [first.id]);
    expect(once.status).toBe(200);
    const before = await stored(target);

    const again = await link(target, [first.id]);
    expect(again.status).toBe(200);
    const ids = (reply: typeof once) => ({
      files: reply.body.related_files.map((f: { id: string }) => f.id),
      cards: reply.body.related_tech_cards.map((c: { id: string }) => c.id),
    });
    expect(ids(again)).toEqual(ids(once));
    expect(await stored(target)).toEqual(before);

    // The company's own DPP is visible too; only it is copied, and the answer names both DPPs' copies.
    const both = await link(target, [second.id, first.id]);
    expect(both.status).toBe(200);
    expect(both.body.related_files.map((f: { name: string }) => f.name)).toEqual(['First', 'Second']);
    expect(ids(both).files.slice(0, 1)).toEqual(ids(once).files);
    expect(ids(both).cards).toEqual(ids(once).cards);
    const after = await stored(target);
    expect(after.items.filter((i) => i.copied_from)).toHaveLength(3);
    expect(after.items.find((i) => i.sk === 'DPP')!.related_dpps).toEqual([first.id, second.id]);
    expect(after.objects).toHaveLength(2);

    // Only the copies of the DPPs asked about.
    const onlySecond = await link(target, [second.id]);
    expect(onlySecond.body.related_files.map((f: { name: string }) => f.name)).toEqual(['Second']);
    expect(onlySecond.body.related_tech_cards).toEqual([]);
  });

  it('answers a retry with the same Idempotency-Key with the first answer', async () => {
    const target = await newDpp('acme');
    const source = await sourceDpp('volta', [['Kept once', pdf]]);
    const headers = { 'idempotency-key': `related-${randomUUID()}` };
    const first = await link(target, [source.id], { headers });
    const retry = await link(target, [source.id], { headers });
    expect(first.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await objectsUnder(target.prefix)).toHaveLength(1);
  });

  // Concurrent links may answer 503 on a busy machine (a budget ran out), or 409
  // CONCURRENT_CHANGE when every attempt met another link: correct answers. Whatever the
  // answers, each linked DPP is copied once and every 200 is stored.
  it('links concurrent requests for different DPPs to one target, each linked one copied once', async () => {
    const target = await newDpp('acme');
    const sources = await Promise.all([1, 2, 3, 4].map((n) => sourceDpp('volta', [[`Parallel ${n}`, pdf]])));
    const replies = await Promise.all(sources.map((s) => link(target, [s.id])));
    expect(
      replies.filter((r) => r.status !== 200 && !gaveUp(r) && !isUnavailable(r)).map((r) => [r.status, r.body]),
    ).toEqual([]);
    const after = await stored(target);
    const linked = new Set(after.items.find((i) => i.sk === 'DPP')!.related_dpps as string[]);
    for (const [i, source] of sources.entries()) {
      if (replies[i]?.status === 200) expect(linked.has(source.id)).toBe(true);
    }
    expect([...linked].every((id) => sources.some((s) => s.id === id))).toBe(true);
    expect(after.items.filter((i) => i.type === 'DPP_FILE')).toHaveLength(linked.size);
    expect(after.objects).toHaveLength(linked.size);
  });

  it('copies a DPP linked by concurrent requests once, and each 200 answers those copies', async () => {
    const target = await newDpp('acme');
    const source = await sourceDpp('volta', [['Raced', pdf]], ['Raced card']);
    const replies = await Promise.all([1, 2, 3].map(() => link(target, [source.id])));
    expect(
      replies.filter((r) => r.status !== 200 && !gaveUp(r) && !isUnavailable(r)).map((r) => [r.status, r.body]),
    ).toEqual([]);
    const ok = replies.filter((r) => r.status === 200);
    const after = await stored(target);
    const copies = after.items.filter((i) => i.copied_from);
    // One copy of each part, or none when no request got through.
    expect(copies.map((i) => i.type).sort()).toEqual(
      ok.length > 0 || copies.length > 0 ? ['DPP_CARD', 'DPP_FILE'] : [],
    );
    expect(after.objects).toHaveLength(copies.length / 2);
    const file = copies.find((i) => i.type === 'DPP_FILE');
    for (const reply of ok) expect(reply.body.related_files[0].id).toBe(file?.id);
  });

  it('keeps no copied object and writes nothing when a copy fails', async () => {
    const target = await newDpp('acme');
    const source = await sourceDpp('volta', [
      ['Still there', pdf],
      ['Bytes lost', csv],
    ]);
    // The second file's bytes are gone from the bucket (its record stays): its copy fails, the first's succeeds.
    const [, lost] = await objectsUnder(source.prefix);
    await s3.send(new DeleteObjectCommand({ Bucket: localEnv.BUCKET_NAME, Key: lost }));
    const before = await stored(target);
    const reply = await link(target, [source.id]);
    expect({ status: reply.status, code: reply.body.code }).toEqual({ status: 409, code: 'CONCURRENT_CHANGE' });
    expect(await stored(target)).toEqual(before);
    expect(before.objects).toEqual([]);
  });

  describe('refuses, changing nothing', () => {
    const refusals: Array<[string, (target: Dpp) => unknown, string]> = [
      ['an empty list', () => [], 'VALIDATION_ERROR'],
      [
        `more than ${MAX_RELATED_DPPS} ids`,
        () => Array.from({ length: MAX_RELATED_DPPS + 1 }, () => uuidv7()),
        'VALIDATION_ERROR',
      ],
      ['an id twice', () => [demo.volta.dpp.id, demo.volta.dpp.id], 'VALIDATION_ERROR'],
      ['the target itself', (target) => [demo.volta.dpp.id, target.id], 'VALIDATION_ERROR'],
      ['a list that is not one', () => demo.volta.dpp.id, 'VALIDATION_ERROR'],
      ['a malformed id', () => ['../x'], 'VALIDATION_ERROR'],
      ['no list at all', () => undefined, 'VALIDATION_ERROR'],
      ["a DPP of a company that is no partner (Globex's)", () => [demo.globex.dpp.id], 'RELATED_DPP_NOT_VISIBLE'],
      ['an unknown DPP', () => [demo.volta.dpp.id, `rel-${randomUUID()}`], 'RELATED_DPP_NOT_VISIBLE'],
    ];

    it.each(refusals)('400 for %s', async (_, ids, code) => {
      const target = await newDpp('acme');
      const reply = await link(target, ids(target));
      expect({ status: reply.status, code: reply.body.code }).toEqual({ status: 400, code });
      expect(await untouched(target)).toBe(true);
    });

    it('answers a foreign DPP exactly as an unknown one', async () => {
      const target = await newDpp('acme');
      const foreign = await link(target, [demo.globex.dpp.id]);
      const unknown = await link(target, [`rel-${randomUUID()}`]);
      expect(foreign.body).toEqual(unknown.body);
      expect(foreign.body.error).toContain('relatedDppIds.0');
    });

    it(`400 TOO_MANY_ITEMS over ${MAX_RELATED_COPIES} files and cards to copy, and links exactly ${MAX_RELATED_COPIES}`, async () => {
      const target = await newDpp('acme');
      const big = await sourceDpp(
        'volta',
        [['One file', pdf]],
        Array.from({ length: MAX_RELATED_COPIES }, (_, i) => `Card ${i}`),
      );
      const tooMany = await link(target, [big.id]);
      expect({ status: tooMany.status, code: tooMany.body.code }).toEqual({ status: 400, code: 'TOO_MANY_ITEMS' });
      expect(await untouched(target)).toBe(true);

      const fits = await sourceDpp(
        'volta',
        [['One file', pdf]],
        Array.from({ length: MAX_RELATED_COPIES - 1 }, (_, i) => `Card ${i}`),
      );
      const linked = await link(target, [fits.id]);
      expect(linked.status).toBe(200);
      expect(linked.body.related_tech_cards).toHaveLength(MAX_RELATED_COPIES - 1);
      expect(linked.body.related_files).toHaveLength(1);
    });

    it("403 when companyId is not the token's company", async () => {
      const target = await newDpp('acme');
      const reply = await link({ companyId: demo.globex.company.id, id: target.id }, [demo.volta.dpp.id]);
      expect({ status: reply.status, code: reply.body.code }).toEqual({ status: 403, code: 'COMPANY_MISMATCH' });
      expect(await untouched(target)).toBe(true);
    });

    it('404 for a target that does not exist, or is not of the company of the path', async () => {
      const unknown = await link({ companyId: demo.acme.company.id, id: `rel-${randomUUID()}` }, [demo.volta.dpp.id]);
      expect({ status: unknown.status, code: unknown.body.code }).toEqual({ status: 404, code: 'DPP_NOT_FOUND' });
      // The partner's DPP is visible, but not Acme's to change.
      const partners = await newDpp('volta');
      const foreign = await link({ companyId: demo.acme.company.id, id: partners.id }, [demo.acme.dpp.id]);
      expect({ status: foreign.status, body: foreign.body }).toEqual({ status: 404, body: unknown.body });
      expect(await untouched(partners)).toBe(true);
    });

    it('400 for a malformed companyId or dppId, 401 without a token', async () => {
      const target = await newDpp('acme');
      expect((await link({ companyId: 'acme', id: target.id }, [demo.volta.dpp.id])).status).toBe(400);
      expect((await link({ companyId: demo.acme.company.id, id: 'a.b' }, [demo.volta.dpp.id])).status).toBe(400);
      const anonymous = await call('POST', `/related-dpps/${demo.acme.company.id}/${target.id}`, {
        headers: json,
        body: JSON.stringify({ relatedDppIds: [demo.volta.dpp.id] }),
      });
      expect(anonymous.status).toBe(401);
      expect(await untouched(target)).toBe(true);
    });
  });
});

describe('access tiers of the copies (docs/choices.md, Access tiers: related DPPs copy only what may travel)', () => {
  const tag = randomUUID().slice(0, 8);
  /** Texts only Volta's restricted parts hold: no anonymous answer about Acme's copy may hold them. */
  const RESTRICTED = {
    authority: `volta-authority-${tag}`,
    li: `volta-legitimate-interest-${tag}`,
    file: `volta-restricted-file-${tag}`,
  };

  /** A DPP of the tenant's with a public, a legitimate-interest and an authority card, and a public and a restricted file. */
  async function tieredDpp(tenant: Tenant) {
    const dpp = await newDpp(tenant);
    const token = await tokenFor(tenant);
    const card = async (name: string, access_tier: string) => {
      const reply = await call('POST', `/dpps/${dpp.id}/cards`, {
        token,
        ...jsonBody({
          name,
          description: `${name} text`,
          characteristics: [{ characteristic: `${name}: 1` }],
          access_tier,
        }),
      });
      expect(reply.status).toBe(200);
    };
    await card(`public-card-${tag}`, 'public');
    await card(RESTRICTED.li, 'legitimate_interest');
    await card(RESTRICTED.authority, 'authority');
    const file = async (name: string, access_tier: string) => {
      const reply = await call('POST', `/models/${dpp.modelId}/dpps/${dpp.id}/upload-file`, {
        token,
        form: form({ name, access_tier }, { bytes: pdf, name: 'x.pdf' }),
      });
      expect(reply.status).toBe(200);
    };
    await file(`public-file-${tag}`, 'public');
    await file(RESTRICTED.file, 'authority');
    return dpp;
  }

  it("copies only a partner's public parts: made public, the copy shows nothing restricted to anyone", async () => {
    const source = await tieredDpp('volta');
    const target = await newDpp('acme');
    const reply = await link(target, [source.id]);
    expect(reply.status).toBe(200);
    expect(reply.body.related_tech_cards.map((c: { name: string }) => c.name)).toEqual([`public-card-${tag}`]);
    expect(reply.body.related_files.map((f: { name: string }) => f.name)).toEqual([`public-file-${tag}`]);
    // Nothing restricted is stored under Acme's DPP, and only the public file's bytes were copied.
    const items = await collection(target.id);
    for (const text of Object.values(RESTRICTED)) expect(JSON.stringify(items)).not.toContain(text);
    expect(await objectsUnder(target.prefix)).toHaveLength(1);

    // Acme sets every card and file of its copy public (what the hostile review did), then anyone reads it.
    const acme = await tokenFor('acme');
    const own = (await call('GET', `/dpps/${target.id}`, { token: acme })).body.dpp;
    for (const card of own.cards) {
      const put = await call('PUT', `/dpps/${target.id}/cards/${card.id}`, {
        token: acme,
        ...jsonBody({ access_tier: 'public' }),
      });
      expect(put.status).toBe(200);
    }
    for (const path of [`/dpp/${target.id}`, `/passport/${target.id}`]) {
      const anonymous = await call('GET', path);
      expect(anonymous.status).toBe(200);
      const text = typeof anonymous.body === 'string' ? anonymous.body : JSON.stringify(anonymous.body);
      expect(text).toContain(`public-card-${tag}`);
      for (const restricted of Object.values(RESTRICTED))
        expect(text, `${path} shows ${restricted}`).not.toContain(restricted);
    }
    // Volta's DPP keeps its parts and tiers, only read.
    const volta = (await call('GET', `/dpps/${source.id}`, { token: await tokenFor('volta') })).body.dpp;
    expect(volta.cards.map((c: { access_tier: string }) => c.access_tier).sort()).toEqual([
      'authority',
      'legitimate_interest',
      'public',
    ]);
  });

  it("copies every part of the company's own DPP with its tier", async () => {
    const source = await tieredDpp('acme');
    const target = await newDpp('acme');
    const reply = await link(target, [source.id]);
    expect(reply.status).toBe(200);
    const copy = (await call('GET', `/dpps/${target.id}`, { token: await tokenFor('acme') })).body.dpp;
    const tiers = (parts: Array<{ name: string; access_tier: string }>) =>
      Object.fromEntries(parts.map((p) => [p.name, p.access_tier]));
    expect(tiers(copy.cards)).toEqual({
      [`public-card-${tag}`]: 'public',
      [RESTRICTED.li]: 'legitimate_interest',
      [RESTRICTED.authority]: 'authority',
    });
    expect(tiers(copy.files)).toEqual({ [`public-file-${tag}`]: 'public', [RESTRICTED.file]: 'authority' });
    // And the copies stay restricted: the anonymous view shows the public ones only.
    const anonymous = JSON.stringify((await call('GET', `/dpp/${target.id}`)).body);
    expect(anonymous).toContain(`public-card-${tag}`);
    for (const restricted of Object.values(RESTRICTED)) expect(anonymous).not.toContain(restricted);
  });
});
