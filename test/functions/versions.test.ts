import { createHash, randomUUID } from 'node:crypto';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
import * as keys from '../../lib/data/keys';
import { ranges } from '../../lib/data/keys';
import { toDppCardItem } from '../../lib/dpps/model';
import type { DppVersionItem } from '../../lib/versions/model';
import {
  apiUrl,
  call,
  demo,
  download,
  dppFileRecords,
  fixture,
  form,
  isUnavailable,
  localBucketClient,
  localEnv,
  localTable,
  putItems,
  putTestDpp,
  type Tenant,
  tokenFor,
} from '../support/api';

/**
 * Section 4.11, DPP versions, end to end through the local API and engines. Each test that
 * creates versions does so on a DPP of its own, written straight to the table (DPPs have no
 * create endpoint), so counts cannot race with other test files.
 */
const { doc, tableName } = localTable();
const s3 = localBucketClient();
const pdf = fixture('sample.pdf');
const png = fixture('sample.png');
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const acme = demo.acme;

/** A fresh DPP of the tenant's company (of the demo DPP's model), with these tech cards. */
async function newDpp(tenant: Tenant = 'acme', cards: Array<{ name: string; characteristics: string[] }> = []) {
  const { company, dpp } = demo[tenant];
  const item = await putTestDpp('ver', {
    name: 'Version test passport',
    description: 'A passport of the versions tests',
    company_id: company.id,
    model_id: dpp.model_id,
    template_id: dpp.template_id,
    dpp_type: randomUUID(),
  });
  for (const [i, card] of cards.entries()) {
    const cardItem = toDppCardItem(item.id, {
      id: `card-${i}-${randomUUID()}`,
      company_id: company.id,
      name: card.name,
      description: `${card.name} details`,
      characteristics: card.characteristics.map((characteristic, j) => ({ id: `c${j}`, characteristic })),
    });
    await doc.send(new PutCommand({ TableName: tableName, Item: cardItem }));
  }
  return { tenant, id: item.id, modelId: item.model_id, companyId: company.id };
}
type Dpp = Awaited<ReturnType<typeof newDpp>>;

/** Uploads a file to the DPP through the API. */
async function upload(dpp: Dpp, name: string, bytes = pdf) {
  const reply = await call('POST', `/models/${dpp.modelId}/dpps/${dpp.id}/upload-file`, {
    token: await tokenFor(dpp.tenant),
    form: form({ name, description: `${name} description` }, { bytes, name: `${name}.bin` }),
  });
  expect(reply.status).toBe(200);
  return reply.body.file as { id: string; path: string; hash: string; name: string; type: string };
}

function createVersion(
  dppId: string,
  body: unknown,
  options: { tenant?: Tenant; headers?: Record<string, string>; raw?: string } = {},
) {
  return tokenFor(options.tenant ?? 'acme').then((token) =>
    call('POST', `/version/${dppId}/create`, {
      token,
      headers: { 'content-type': 'application/json', ...options.headers },
      body: options.raw ?? JSON.stringify(body),
    }),
  );
}
const create = (dpp: Dpp, versionId = `v-${randomUUID()}`, headers?: Record<string, string>) =>
  createVersion(dpp.id, { dppId: dpp.id, versionId }, { tenant: dpp.tenant, headers });

/** The version items of a DPP, straight from the table. */
async function storedVersions(dppId: string): Promise<DppVersionItem[]> {
  const range = ranges.dppVersions(dppId);
  const out: DppVersionItem[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': range.pk, ':from': range.from, ':to': range.to },
        ExclusiveStartKey,
      }),
    );
    out.push(...((page.Items ?? []) as DppVersionItem[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
}

const getItem = async <T>(key: { pk: string; sk: string }) =>
  (await doc.send(new GetCommand({ TableName: tableName, Key: key }))).Item as T | undefined;

async function objectText(key: string): Promise<string> {
  const result = await s3.send(new GetObjectCommand({ Bucket: localEnv.BUCKET_NAME, Key: key }));
  return result.Body!.transformToString('utf8');
}

/** The version documents stored under a DPP (every attempt writes its own key). */
async function documentKeys(dpp: Dpp): Promise<string[]> {
  const listed = await s3.send(
    new ListObjectsV2Command({
      Bucket: localEnv.BUCKET_NAME,
      Prefix: `companies/${dpp.companyId}/dpps/${dpp.id}/versions/`,
    }),
  );
  return (listed.Contents ?? []).map((o) => o.Key!).sort();
}

describe('POST /version/{dppId}/create', () => {
  it('stores version 1: a snapshot of the DPP, its files and cards, its canonical document and its hash', async () => {
    const dpp = await newDpp('acme', [{ name: 'Battery', characteristics: ['48 V', '500 Wh'] }]);
    const [manual, photo] = [await upload(dpp, 'Manual'), await upload(dpp, 'Photo', png)];
    const reply = await create(dpp, 'launch-2026');
    expect(reply).toMatchObject({ status: 200, body: { message: `Version 1 of DPP ${dpp.id} created`, ok: true } });

    const [version] = await storedVersions(dpp.id);
    const dppItem = await getItem<Record<string, unknown>>(keys.dpp(dpp.id));
    expect(dppItem?.version_count).toBe(1);
    expect(version).toMatchObject({
      id: 'launch-2026',
      dpp_id: dpp.id,
      company_id: acme.company.id,
      version: 1,
      created_by: acme.admin.id,
      status: 'CREATED',
      document_path: expect.stringMatching(
        new RegExp(`^companies/${acme.company.id}/dpps/${dpp.id}/versions/.+\\.json$`),
      ),
    });
    expect(version!.snapshot.files).toEqual(
      [manual, photo].map((f) => ({
        id: f.id,
        name: f.name,
        description: `${f.name} description`,
        type: f.type,
        path: f.path,
        hash: f.hash,
      })),
    );
    expect(version!.snapshot.cards).toEqual([
      {
        id: expect.any(String),
        name: 'Battery',
        description: 'Battery details',
        characteristics: [
          { id: 'c0', characteristic: '48 V' },
          { id: 'c1', characteristic: '500 Wh' },
        ],
      },
    ]);
    expect(version!.snapshot.dpp).toMatchObject({
      id: dpp.id,
      company_id: acme.company.id,
      name: 'Version test passport',
      code: '08012345678901',
      type: dppItem?.dpp_type,
    });

    // The document is the RFC 8785 form of itself, holds the snapshot, and hashes to the content hash.
    const text = await objectText(version!.document_path);
    const document = JSON.parse(text);
    expect(canonicalize(document)).toBe(text);
    expect(sha256(Buffer.from(text, 'utf8'))).toBe(version!.content_hash);
    expect(document).toEqual({
      format: 'dpp-version/1',
      dpp_id: dpp.id,
      version: 1,
      version_id: 'launch-2026',
      created_at: version!.created_at,
      ...version!.snapshot,
    });
    expect(await documentKeys(dpp)).toEqual([version!.document_path]);

    // Each file's current bytes are pinned.
    for (const file of [manual, photo]) {
      const item = await getItem<{ pinned_paths?: Set<string> }>(keys.dppFile(dpp.id, file.id));
      expect([...(item?.pinned_paths ?? [])]).toEqual([file.path]);
    }
  });

  it('numbers versions 1, 2, 3 in order, each with the files the DPP had then', async () => {
    const dpp = await newDpp();
    expect((await create(dpp)).status).toBe(200);
    await upload(dpp, 'First');
    expect((await create(dpp)).status).toBe(200);
    await upload(dpp, 'Second');
    expect((await create(dpp)).body.message).toBe(`Version 3 of DPP ${dpp.id} created`);
    const versions = await storedVersions(dpp.id);
    expect(versions.map((v) => [v.version, v.snapshot.files.map((f) => f.name)])).toEqual([
      [1, []],
      [2, ['First']],
      [3, ['First', 'Second']],
    ]);
    expect(new Set(versions.map((v) => v.content_hash)).size).toBe(3);
  });

  // Under contention, or on a busy machine, a create may answer 503 (its budget ran out, or its
  // outcome is unknown) or 409 CONCURRENT_CHANGE (every attempt lost the race): correct answers. What must hold whatever the answers: no gap, no
  // duplicate, every 200 stored under the number it announced, one document per version.
  it('numbers 20 creates sent at once 1..n: no gaps, no duplicates, each answered 200 with its number, 409 CONCURRENT_CHANGE or 503', async () => {
    const dpp = await newDpp();
    await upload(dpp, 'Pinned by all');
    const ids = Array.from({ length: 20 }, (_, i) => `parallel-${i}`);
    const replies = await Promise.all(ids.map((id) => create(dpp, id)));
    const ok = replies.filter((r) => r.status === 200);
    // 409 CONCURRENT_CHANGE: every attempt met another create (the contract's "retry the request").
    const gaveUp = (r: (typeof replies)[number]) => r.status === 409 && r.body.code === 'CONCURRENT_CHANGE';
    expect(
      replies.filter((r) => r.status !== 200 && !gaveUp(r) && !isUnavailable(r)).map((r) => [r.status, r.body]),
    ).toEqual([]);
    const versions = await storedVersions(dpp.id);
    const n = versions.length;
    expect(n).toBeGreaterThanOrEqual(ok.length);
    expect(versions.map((v) => v.version)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    // Every 200's version is stored under its id; a 503's may be stored or not (its outcome was unknown).
    const stored = new Map(versions.map((v) => [v.id, v.version]));
    for (const [i, reply] of replies.entries()) {
      if (reply.status !== 200) continue;
      expect(reply.body.message).toBe(`Version ${stored.get(ids[i] ?? '')} of DPP ${dpp.id} created`);
    }
    expect(new Set(versions.map((v) => v.id)).size).toBe(n);
    expect(versions.every((v) => ids.includes(v.id))).toBe(true);
    // One that gave up wrote nothing.
    for (const [i, reply] of replies.entries()) if (gaveUp(reply)) expect(stored.has(ids[i] ?? '')).toBe(false);
    // No count yet when none got through.
    expect((await getItem<{ version_count?: number }>(keys.dpp(dpp.id)))?.version_count ?? 0).toBe(n);
    // The losing attempts removed their documents: one per version is left, but for an attempt whose
    // transaction got no answer in its budget (a 503 under load), whose document stays with its intent
    // record for the orphan sweeper (docs/data-model.md, pattern 48).
    const versionDocuments = new Set(versions.map((v) => v.document_path));
    for (const key of await documentKeys(dpp)) {
      if (versionDocuments.has(key)) continue;
      expect({ key, intent: (await getItem(keys.pendingObject(key))) !== undefined }).toEqual({ key, intent: true });
    }
    for (const path of versionDocuments) expect(await documentKeys(dpp)).toContain(path);
    const listed = await listVersions(dpp.id);
    expect(listed.body.versions.map((v: { version: string }) => v.version)).toEqual(
      Array.from({ length: n }, (_, i) => String(i + 1)),
    );
  }, 60_000);

  it('answers 409 VERSION_ID_TAKEN for a versionId the DPP already has, and writes nothing', async () => {
    const dpp = await newDpp();
    expect((await create(dpp, 'release-a')).status).toBe(200);
    const again = await create(dpp, 'release-a');
    expect([again.status, again.body.code]).toEqual([409, 'VERSION_ID_TAKEN']);
    expect((await storedVersions(dpp.id)).map((v) => v.version)).toEqual([1]);
    expect((await getItem<{ version_count: number }>(keys.dpp(dpp.id)))?.version_count).toBe(1);
    expect(await documentKeys(dpp)).toHaveLength(1);
    // The same versionId on another DPP is another version.
    const other = await newDpp();
    expect((await create(other, 'release-a')).status).toBe(200);
  });

  it('answers a retry with the same Idempotency-Key with the first answer, and creates one version', async () => {
    const dpp = await newDpp();
    const headers = { 'idempotency-key': `version-${randomUUID()}` };
    const first = await create(dpp, 'retried', headers);
    const retry = await create(dpp, 'retried', headers);
    expect([first.status, retry.status]).toEqual([200, 200]);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect((await storedVersions(dpp.id)).map((v) => v.id)).toEqual(['retried']);
    // Without the key a repeat is a duplicate versionId.
    expect((await create(dpp, 'retried')).status).toBe(409);
  });

  it('answers 400 when the body dppId is not the path’s, or the body is not valid, and writes nothing', async () => {
    const dpp = await newDpp();
    const other = await newDpp();
    const mismatch = await createVersion(dpp.id, { dppId: other.id, versionId: 'x' });
    expect(mismatch).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR', details: [{ path: 'dppId', message: 'must equal the dppId of the path' }] },
    });
    for (const body of [{ dppId: dpp.id }, { versionId: 'x' }, { dppId: dpp.id, versionId: 'has space' }, {}]) {
      expect((await createVersion(dpp.id, body)).status).toBe(400);
    }
    expect((await createVersion(dpp.id, null, { raw: '{"dppId":' })).body.code).toBe('MALFORMED_BODY');
    expect((await createVersion(dpp.id, null, { raw: '[]' })).body.code).toBe('MALFORMED_BODY');
    expect(await storedVersions(dpp.id)).toEqual([]);
    expect(await storedVersions(other.id)).toEqual([]);
  });

  it('answers 404 DPP_NOT_FOUND for an unknown DPP and for another company’s, alike', async () => {
    const unknown = await createVersion('no-such-dpp', { dppId: 'no-such-dpp', versionId: 'x' });
    expect([unknown.status, unknown.body]).toEqual([404, { error: 'DPP not found', code: 'DPP_NOT_FOUND' }]);
    const dpp = await newDpp('acme');
    const foreign = await createVersion(dpp.id, { dppId: dpp.id, versionId: 'x' }, { tenant: 'globex' });
    expect([foreign.status, foreign.body]).toEqual([404, unknown.body]);
    expect(await storedVersions(dpp.id)).toEqual([]);
    expect(await documentKeys(dpp)).toEqual([]);
  });

  it('answers 401 without a valid token', async () => {
    const dpp = await newDpp();
    const reply = await call('POST', `/version/${dpp.id}/create`, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dppId: dpp.id, versionId: 'x' }),
    });
    expect(reply.status).toBe(401);
  });

  it('snapshots 95 files in one version, and refuses a 96th with 400 TOO_MANY_FILES', async () => {
    const dpp = await newDpp();
    const records = (indexes: number[]) =>
      dppFileRecords({ id: dpp.id, company_id: dpp.companyId, model_id: dpp.modelId }, indexes, {
        createdBy: acme.admin.id,
        hash: sha256(pdf),
        size: pdf.length,
      });
    await putItems(records(Array.from({ length: 95 }, (_, i) => i)));
    expect((await create(dpp, 'all-95')).status).toBe(200);
    expect((await storedVersions(dpp.id))[0]?.snapshot.files).toHaveLength(95);
    await putItems(records([95]));
    const over = await create(dpp, 'one-too-many');
    expect([over.status, over.body.code]).toEqual([400, 'TOO_MANY_FILES']);
    expect((await storedVersions(dpp.id)).map((v) => v.id)).toEqual(['all-95']);
    expect(await documentKeys(dpp)).toHaveLength(1);
  });
});

const listVersions = async (dppId: string, query = '', tenant: Tenant = 'acme') =>
  call('GET', `/view-dpp-versions/${dppId}${query}`, { token: await tokenFor(tenant) });

describe('GET /view-dpp-versions/{dppId}', () => {
  it('lists the versions oldest first with their uri, files (signed URLs) and cards', async () => {
    const dpp = await newDpp('acme', [{ name: 'Frame', characteristics: ['Aluminium'] }]);
    expect((await listVersions(dpp.id)).body).toEqual({ versions: [] });
    const manual = await upload(dpp, 'Manual');
    await create(dpp, 'first');
    const photo = await upload(dpp, 'Photo', png);
    await create(dpp, 'second');
    const { status, body } = await listVersions(dpp.id);
    expect(status).toBe(200);
    const fileView = (f: typeof manual) => ({
      id: f.id,
      name: f.name,
      description: `${f.name} description`,
      type: f.type,
      path: f.path,
      url: expect.stringContaining('X-Amz-Signature='),
    });
    const cards = [
      {
        id: expect.any(String),
        name: 'Frame',
        description: 'Frame details',
        characteristics: [{ id: 'c0', characteristic: 'Aluminium' }],
      },
    ];
    expect(body).toEqual({
      versions: [
        { version: '1', uri: `${apiUrl}/dpp/${dpp.id}/versions/1`, files: [fileView(manual)], cards },
        { version: '2', uri: `${apiUrl}/dpp/${dpp.id}/versions/2`, files: [fileView(manual), fileView(photo)], cards },
      ],
    });
    expect((await download(body.versions[1].files[1].url)).bytes.equals(png)).toBe(true);
  });

  it('keeps the bytes of each version through a replace and a delete of the file', async () => {
    const dpp = await newDpp();
    const file = await upload(dpp, 'Datasheet', pdf);
    await create(dpp, 'with-pdf');
    const token = await tokenFor('acme');
    const replaced = await call('PUT', `/models/${dpp.modelId}/update-dpp-file/${dpp.id}/file/${file.id}`, {
      token,
      form: form({}, { bytes: png, name: 'datasheet.png' }),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.file[0].path).not.toBe(file.path);

    type Listed = { versions: Array<{ files: Array<{ url: string }> }> };
    const urlsOf = async () =>
      (await listVersions(dpp.id)).body.versions.map((v: Listed['versions'][number]) => v.files[0]!.url);
    const [afterReplace] = await urlsOf();
    expect((await download(afterReplace!)).bytes.equals(pdf)).toBe(true);

    await create(dpp, 'with-png');
    const deleted = await call('DELETE', `/models/${dpp.modelId}/delete-dpp-file/${dpp.id}/file/${file.id}`, { token });
    expect(deleted.status).toBe(200);
    const files = await call('GET', `/view-dpp-files/${dpp.id}`, { token });
    expect(files.body.files).toEqual([]);

    const [first, second] = await urlsOf();
    expect((await download(first!)).bytes.equals(pdf)).toBe(true);
    expect((await download(second!)).bytes.equals(png)).toBe(true);
  });

  it('pages with limit and cursor: every version once, in order, nextCursor only while more remain', async () => {
    const dpp = await newDpp();
    for (let i = 1; i <= 5; i++) expect((await create(dpp, `page-${i}`)).status).toBe(200);
    const seen: string[] = [];
    let query = '?limit=2';
    const pages: number[] = [];
    for (;;) {
      const { status, body } = await listVersions(dpp.id, query);
      expect(status).toBe(200);
      pages.push(body.versions.length);
      seen.push(...body.versions.map((v: { version: string }) => v.version));
      if (!body.nextCursor) break;
      query = `?limit=2&cursor=${encodeURIComponent(body.nextCursor)}`;
    }
    expect(pages).toEqual([2, 2, 1]);
    expect(seen).toEqual(['1', '2', '3', '4', '5']);
    // Exactly a full last page: no cursor to an empty page.
    expect((await listVersions(dpp.id, '?limit=5')).body.nextCursor).toBeUndefined();
  });

  it('refuses a cursor of another DPP’s versions, another company’s, or one made by hand, with 400', async () => {
    const [a, b] = [await newDpp(), await newDpp()];
    for (const dpp of [a, b]) for (const n of [1, 2]) await create(dpp, `v${n}`);
    const cursor = (await listVersions(a.id, '?limit=1')).body.nextCursor as string;
    expect(cursor).toEqual(expect.any(String));
    expect((await listVersions(a.id, `?limit=1&cursor=${cursor}`)).body.versions[0].version).toBe('2');
    const refused = [
      await listVersions(b.id, `?limit=1&cursor=${cursor}`),
      await listVersions(a.id, `?limit=1&cursor=${cursor.slice(0, -2)}`),
      await listVersions(a.id, `?limit=1&cursor=${Buffer.from('VERSION#00000001').toString('base64url')}`),
      await listVersions(demo.globex.dpp.id, `?limit=1&cursor=${cursor}`, 'globex'),
    ];
    for (const reply of refused) expect([reply.status, reply.body.code]).toEqual([400, 'INVALID_CURSOR']);
    for (const limit of ['0', '101', 'x']) expect((await listVersions(a.id, `?limit=${limit}`)).status).toBe(400);
  });

  it('answers 404 DPP_NOT_FOUND for an unknown DPP and for another company’s, with or without versions', async () => {
    const dpp = await newDpp();
    await create(dpp, 'secret');
    const unknown = await listVersions('no-such-dpp');
    expect([unknown.status, unknown.body]).toEqual([404, { error: 'DPP not found', code: 'DPP_NOT_FOUND' }]);
    const foreign = await listVersions(dpp.id, '', 'globex');
    expect([foreign.status, foreign.body]).toEqual([404, unknown.body]);
    const empty = await newDpp();
    expect((await listVersions(empty.id, '', 'globex')).body).toEqual(unknown.body);
  });

  it('answers 401 without a valid token', async () => {
    expect((await call('GET', `/view-dpp-versions/${acme.dpp.id}`)).status).toBe(401);
  });
});

describe('GET /dpp/{dppId}/versions/{version}', () => {
  it('serves the canonical document at each version’s uri, with no token: its bytes hash to the content hash', async () => {
    const dpp = await newDpp('acme', [{ name: 'Motor', characteristics: ['250 W', 'Ünïcödé ✓'] }]);
    await upload(dpp, 'Manual');
    await upload(dpp, 'Photo', png);
    await create(dpp, 'to-anchor');
    const [listed] = (await listVersions(dpp.id)).body.versions;
    const [stored] = await storedVersions(dpp.id);

    // Fetched as a third party would: no token, the raw bytes.
    const response = await fetch(listed.uri);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(sha256(bytes)).toBe(stored!.content_hash);
    // The body is canonical: re-canonicalizing what it says gives the same bytes.
    const text = bytes.toString('utf8');
    expect(canonicalize(JSON.parse(text))).toBe(text);

    // The same answer through the contract-checked client, and it says what the version froze.
    const { status, body } = await call('GET', new URL(listed.uri).pathname);
    expect(status).toBe(200);
    expect(body).toMatchObject({ format: 'dpp-version/1', dpp_id: dpp.id, version: 1, version_id: 'to-anchor' });
    expect(body.cards[0].characteristics[1].characteristic).toBe('Ünïcödé ✓');
    // Each file's hash in the document is the SHA-256 of the bytes its version URL serves.
    for (const [i, file] of body.files.entries()) {
      expect((await download(listed.files[i].url)).bytes.length).toBeGreaterThan(0);
      expect(sha256((await download(listed.files[i].url)).bytes)).toBe(file.hash);
    }
  });

  it('answers 404 VERSION_NOT_FOUND for a version the DPP does not have, and for an unknown DPP', async () => {
    const dpp = await newDpp();
    await create(dpp, 'only');
    expect((await call('GET', `/dpp/${dpp.id}/versions/1`)).status).toBe(200);
    for (const path of [`/dpp/${dpp.id}/versions/2`, '/dpp/no-such-dpp/versions/1']) {
      const { status, body } = await call('GET', path);
      expect([status, body]).toEqual([404, { error: 'Version not found', code: 'VERSION_NOT_FOUND' }]);
    }
  });

  it('answers 400 for a version that is not a whole number from 1', async () => {
    for (const version of ['0', '01', '-1', 'one', '1.5', '1e3', '1234567890']) {
      const { status, body } = await call('GET', `/dpp/${acme.dpp.id}/versions/${version}`);
      expect([version, status, body.code]).toEqual([version, 400, 'VALIDATION_ERROR']);
    }
  });
});
