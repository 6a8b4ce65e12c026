import { createHash, randomUUID } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { localClients } from '../../infra/local/bootstrap';
import * as keys from '../../lib/data/keys';
import { objectKeys } from '../../lib/files/object-keys';
import type { NotarizationItem } from '../../lib/notarizations/model';
import type { DppVersionItem } from '../../lib/versions/model';
import {
  call,
  demo,
  download,
  fixture,
  form,
  isUnavailable,
  localEnv,
  putTestDpp,
  type Reply,
  type Tenant,
  tokenFor,
} from '../support/api';
import { personalSign, signHash, testAccount, WALLET } from '../support/wallets';

/**
 * Section 4.8, notarizations, end to end through the local API and engines: notarize
 * (POST /version/{dppId}/notarize) and the notarizations view (GET /view-dpp-notarizations/{dppId}).
 * Each test works on a DPP of its own, written straight to the table (DPPs have no create
 * endpoint), with files uploaded and versions created through the API, so the demo passports
 * and other test files are left alone.
 */
const clients = localClients(localEnv);
const tableName = localEnv.TABLE_NAME!;
const acme = demo.acme;
const report = fixture('sample.csv');
const pdf = fixture('sample.pdf');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const reportHash = sha256(report);
const editor = testAccount(WALLET.acmeEditor);

/** A fresh DPP of the tenant's company, of the demo DPP's model. */
async function newDpp(tenant: Tenant = 'acme') {
  const { company, dpp } = demo[tenant];
  const item = await putTestDpp('nz', {
    company_id: company.id,
    model_id: dpp.model_id,
    template_id: dpp.template_id,
    dpp_type: 'e-bike',
  });
  return { tenant, id: item.id, modelId: item.model_id, companyId: company.id, item };
}
type Dpp = Awaited<ReturnType<typeof newDpp>>;

async function upload(dpp: Dpp, name: string, bytes = pdf) {
  const reply = await call('POST', `/models/${dpp.modelId}/dpps/${dpp.id}/upload-file`, {
    token: await tokenFor(dpp.tenant),
    form: form({ name, description: `${name} description` }, { bytes, name: `${name}.pdf` }),
  });
  expect(reply.status).toBe(200);
  return reply.body.file as { id: string; path: string; hash: string; name: string };
}

async function createVersion(dpp: Dpp, versionId = `v-${randomUUID()}`) {
  const reply = await call('POST', `/version/${dpp.id}/create`, {
    token: await tokenFor(dpp.tenant),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ dppId: dpp.id, versionId }),
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return versionId;
}

interface NotarizeOptions {
  fields?: Record<string, string>;
  file?: { bytes: Buffer; name: string } | null;
  tenant?: Tenant;
  headers?: Record<string, string>;
}

/** A notarize of `dpp`: by default the report signed by the Acme editor (a member, not the token's user). */
async function notarize(dpp: Dpp | string, filesList: string[] = [], options: NotarizeOptions = {}) {
  const dppId = typeof dpp === 'string' ? dpp : dpp.id;
  const fields = {
    companyId: acme.company.id,
    hash: reportHash,
    signature: signHash(reportHash, WALLET.acmeEditor),
    submitter: editor.address,
    filesList: JSON.stringify(filesList),
    ...options.fields,
  };
  const file = options.file === undefined ? { bytes: report, name: 'report.csv' } : (options.file ?? undefined);
  return call('POST', `/version/${dppId}/notarize`, {
    token: await tokenFor(options.tenant ?? 'acme'),
    headers: options.headers,
    form: form(fields, file),
  });
}

const view = async (dppId: string, query = '', tenant: Tenant = 'acme') =>
  call('GET', `/view-dpp-notarizations/${dppId}${query}`, { token: await tokenFor(tenant) });

/** The DPP's history collection (versions, versionId claims, notarizations), straight from the table. */
async function history(dppId: string) {
  const { Items = [] } = await clients.doc.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `HISTORY#${dppId}` },
    }),
  );
  return {
    versions: Items.filter((i) => i.type === 'DPP_VERSION') as DppVersionItem[],
    notarizations: Items.filter((i) => i.type === 'NOTARIZATION') as NotarizationItem[],
  };
}

/** Report objects stored for the DPP (version documents live beside them and are not reports). */
async function reportObjects(dpp: Dpp): Promise<string[]> {
  const Prefix = objectKeys.versionReport(dpp.companyId, dpp.id, 0, '').replace(/0\/report\/$/, '');
  const page = await clients.s3.send(new ListObjectsV2Command({ Bucket: localEnv.BUCKET_NAME, Prefix }));
  return (page.Contents ?? []).map((o) => o.Key!).filter((key) => key.includes('/report/'));
}

async function filesNotarized(dpp: Dpp): Promise<Record<string, boolean>> {
  const reply = await call('GET', `/view-dpp-files/${dpp.id}`, { token: await tokenFor(dpp.tenant) });
  expect(reply.status).toBe(200);
  return Object.fromEntries(reply.body.files.map((f: { id: string; notarized: boolean }) => [f.id, f.notarized]));
}

/** Everything a refused notarize must leave as it was. */
async function state(dpp: Dpp) {
  const { versions, notarizations } = await history(dpp.id);
  return {
    versions: versions.map((v) => ({ version: v.version, status: v.status, hash: v.hash })),
    notarizations: notarizations.length,
    reports: await reportObjects(dpp),
    files: await filesNotarized(dpp),
  };
}

const expectRefused = (reply: Reply, status: number, code: string) =>
  expect({ status: reply.status, code: reply.body.code }).toEqual({ status, code });

/** A DPP with two files and one CREATED version holding both. */
async function dppWithVersion() {
  const dpp = await newDpp();
  const manual = await upload(dpp, 'Manual');
  const sheet = await upload(dpp, 'Sheet');
  const versionId = await createVersion(dpp);
  return { dpp, manual, sheet, versionId };
}

const HASH_32 = /^0x[0-9a-f]{64}$/;

/**
 * A notarization as the view shows it, by status: a freshly notarized one may already be
 * anchored by the worker, so each status is checked against its own rules.
 */
function expectChainFields(n: Record<string, unknown>) {
  expect(['PENDING', 'ANCHORED']).toContain(n.status);
  if (n.status === 'ANCHORED') {
    expect(n.transaction_hash).toMatch(HASH_32);
    expect(n.block_hash).toMatch(HASH_32);
    expect(n.block_number).toBeGreaterThan(0);
    expect(n.from).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(n.to).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(n.url).toMatch(new RegExp(`/tx/${n.transaction_hash}$`));
    return;
  }
  // PENDING: no block yet; the transaction fields are all "" until it is sent, then all set.
  expect([n.block_hash, n.block_number]).toEqual(['', 0]);
  if (n.transaction_hash === '') expect([n.from, n.to, n.url]).toEqual(['', '', '']);
  else expect([n.transaction_hash, n.from, n.to, n.url]).not.toContain('');
}

describe('POST /version/{dppId}/notarize', () => {
  it('notarizes the version: READY with hash, signature and submitter, a notarization record, and the uri', async () => {
    const { dpp, manual, versionId } = await dppWithVersion();
    const reply = await notarize(dpp, [manual.id]);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toEqual({
      id: versionId,
      status: 'READY',
      hash: reportHash,
      signature: signHash(reportHash, WALLET.acmeEditor),
      submitter: editor.address,
      uri: expect.stringMatching(new RegExp(`/dpp/${dpp.id}/versions/1$`)),
    });

    const { versions, notarizations } = await history(dpp.id);
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({
      status: 'READY',
      hash: reportHash,
      submitter: editor.address,
      notarized_files: [manual.id],
      report_path: expect.stringMatching(new RegExp(`^companies/${acme.company.id}/dpps/${dpp.id}/versions/1/report/`)),
    });
    expect(notarizations).toHaveLength(1);
    expect(notarizations[0]).toMatchObject({
      ...keys.notarization(dpp.id, 1),
      version: 1,
      version_id: versionId,
      dpp_hash: versions[0]!.content_hash,
      report_hash: reportHash,
      company_id: acme.company.id,
      snapshot: versions[0]!.snapshot,
    });
    // The report is stored once, under the server's key, with its bytes.
    expect(await reportObjects(dpp)).toEqual([versions[0]!.report_path]);
  });

  it('marks exactly the listed files notarized: true in the DPP-file views', async () => {
    const { dpp, manual, sheet } = await dppWithVersion();
    expect(await filesNotarized(dpp)).toEqual({ [manual.id]: false, [sheet.id]: false });
    expect((await notarize(dpp, [sheet.id])).status).toBe(200);
    expect(await filesNotarized(dpp)).toEqual({ [manual.id]: false, [sheet.id]: true });
    const single = await call('GET', `/models/${dpp.modelId}/view-dpp-file/${dpp.id}/file/${sheet.id}`, {
      token: await tokenFor('acme'),
    });
    expect(single.body.file[0].notarized).toBe(true);
  });

  it('accepts the signature of the token user itself, v as 0/1 and a lower-case submitter', async () => {
    const { dpp } = await dppWithVersion();
    const admin = testAccount(WALLET.acmeAdmin);
    const signature = signHash(reportHash, WALLET.acmeAdmin);
    const v01 = `${signature.slice(0, 130)}0${Number.parseInt(signature.slice(130), 16) - 27}`;
    const reply = await notarize(dpp, [], { fields: { signature: v01, submitter: admin.address.toLowerCase() } });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ signature: v01, submitter: admin.address });
  });

  it('finishes the latest version first, then the one before, then answers 409 NOTHING_TO_NOTARIZE', async () => {
    const dpp = await newDpp();
    const file = await upload(dpp, 'Manual');
    const first = await createVersion(dpp);
    const second = await createVersion(dpp);
    const a = await notarize(dpp, [file.id]);
    expect([a.status, a.body.id, a.body.uri.endsWith('/versions/2')]).toEqual([200, second, true]);
    const b = await notarize(dpp);
    expect([b.status, b.body.id, b.body.uri.endsWith('/versions/1')]).toEqual([200, first, true]);
    expectRefused(await notarize(dpp), 409, 'NOTHING_TO_NOTARIZE');
    // A new version is notarizable again.
    await createVersion(dpp);
    expect((await notarize(dpp)).status).toBe(200);
  });

  // On a busy machine a request may answer 503 (its budget ran out): a correct answer. Whatever
  // the answers: at most one 200, and exactly one record and one report once one got through.
  it('notarizes a version once under concurrent requests: one 200 at most, the others 409 or 503, one record and one report', async () => {
    const { dpp, manual } = await dppWithVersion();
    const replies = await Promise.all(Array.from({ length: 6 }, () => notarize(dpp, [manual.id])));
    expect(
      replies.filter((r) => ![200, 409].includes(r.status) && !isUnavailable(r)).map((r) => [r.status, r.body]),
    ).toEqual([]);
    const ok = replies.filter((r) => r.status === 200);
    expect(ok.length).toBeLessThanOrEqual(1);
    for (const r of replies.filter((x) => x.status === 409)) {
      expect(['CONCURRENT_CHANGE', 'NOTHING_TO_NOTARIZE']).toContain(r.body.code);
    }
    const { versions, notarizations } = await history(dpp.id);
    // A 503's outcome may be either, so with no 200 the record may be there or not; never two.
    expect(notarizations.length).toBe(ok.length === 1 ? 1 : Math.min(notarizations.length, 1));
    expect(await reportObjects(dpp)).toEqual(notarizations.length === 1 ? [versions[0]?.report_path] : []);
  });

  it('answers 409 NOTHING_TO_NOTARIZE for a DPP with no version, writing nothing', async () => {
    const dpp = await newDpp();
    await upload(dpp, 'Manual');
    const before = await state(dpp);
    expectRefused(await notarize(dpp), 409, 'NOTHING_TO_NOTARIZE');
    expect(await state(dpp)).toEqual(before);
  });

  describe('refuses with 400 and writes nothing (no version change, no record, no report, no file marked)', () => {
    const cases: Array<
      [string, (f: { manual: string; later: string }) => NotarizeOptions & { files?: string[] }, string]
    > = [
      ['a hash that is not the SHA-256 of the report', () => ({ fields: { hash: sha256(pdf) } }), 'HASH_MISMATCH'],
      [
        'the right hash signed by another key (a stranger’s) for the editor',
        () => ({ fields: { signature: signHash(reportHash, WALLET.stranger) } }),
        'SIGNATURE_MISMATCH',
      ],
      [
        'a signature of the 64 hex characters instead of the hash’s 32 bytes',
        () => ({ fields: { signature: personalSign(Buffer.from(reportHash), editor.privateKey) } }),
        'SIGNATURE_MISMATCH',
      ],
      [
        'a submitter of another company (Globex’s admin, signing with its own key)',
        () => ({
          fields: {
            signature: signHash(reportHash, WALLET.globexAdmin),
            submitter: testAccount(WALLET.globexAdmin).address,
          },
        }),
        'SUBMITTER_NOT_MEMBER',
      ],
      [
        'a submitter that is nobody’s wallet (a stranger, signing with its own key)',
        () => ({
          fields: {
            signature: signHash(reportHash, WALLET.stranger),
            submitter: testAccount(WALLET.stranger).address,
          },
        }),
        'SUBMITTER_NOT_MEMBER',
      ],
      ['a file uploaded after the version', ({ manual, later }) => ({ files: [manual, later] }), 'FILE_NOT_IN_VERSION'],
      ['a file id that is no file', ({ manual }) => ({ files: [manual, 'no-such-file'] }), 'FILE_NOT_IN_VERSION'],
      ['filesList that is not JSON', ({ manual }) => ({ fields: { filesList: manual } }), 'INVALID_FILES_LIST'],
      [
        'filesList that is not an array',
        ({ manual }) => ({ fields: { filesList: JSON.stringify({ id: manual }) } }),
        'INVALID_FILES_LIST',
      ],
      [
        'a signature with a high s',
        () => {
          const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
          const good = signHash(reportHash, WALLET.acmeEditor);
          const s = (n - BigInt(`0x${good.slice(66, 130)}`)).toString(16).padStart(64, '0');
          return { fields: { signature: `${good.slice(0, 66)}${s}${good.endsWith('1b') ? '1c' : '1b'}` } };
        },
        'INVALID_SIGNATURE',
      ],
      ['no report', () => ({ file: null }), 'NO_FILE'],
      [
        'a report of a format not allowed',
        () => ({ file: { bytes: Buffer.from('MZ\x90\x00', 'binary'), name: 'r.exe' } }),
        'INVALID_FILE_FORMAT',
      ],
      ['a submitter that is not an address', () => ({ fields: { submitter: 'acme-editor' } }), 'VALIDATION_ERROR'],
    ];

    it.each(cases)('%s', async (_, make, code) => {
      const { dpp, manual } = await dppWithVersion();
      const later = await upload(dpp, 'Later');
      const { files = [manual.id], ...options } = make({ manual: manual.id, later: later.id });
      const before = await state(dpp);
      expect(before.versions).toEqual([{ version: 1, status: 'CREATED', hash: undefined }]);
      expectRefused(await notarize(dpp, files, options), 400, code);
      expect(await state(dpp)).toEqual(before);
      expect((await view(dpp.id)).body).toEqual({ notarizations: [] });
    });
  });

  it('answers 403 COMPANY_MISMATCH when companyId is not the token’s company, writing nothing', async () => {
    const { dpp, manual } = await dppWithVersion();
    const before = await state(dpp);
    expectRefused(
      await notarize(dpp, [manual.id], { fields: { companyId: demo.globex.company.id } }),
      403,
      'COMPANY_MISMATCH',
    );
    expect(await state(dpp)).toEqual(before);
  });

  it('answers 404 DPP_NOT_FOUND for an unknown DPP and for another company’s, alike', async () => {
    const unknown = await notarize(`nz-${randomUUID()}`);
    const foreign = await notarize(demo.globex.dpp.id);
    expectRefused(unknown, 404, 'DPP_NOT_FOUND');
    expect(foreign.body).toEqual(unknown.body);
  });

  it('answers 413 for a report over 4 MiB, writing nothing', async () => {
    const { dpp } = await dppWithVersion();
    const before = await state(dpp);
    const big = Buffer.concat([report, Buffer.alloc(4 * 1024 * 1024, 0x61)]);
    const reply = await notarize(dpp, [], { file: { bytes: big, name: 'big.csv' }, fields: { hash: sha256(big) } });
    expect(reply.status).toBe(413);
    expect(await state(dpp)).toEqual(before);
  });

  it('answers a retry with the same Idempotency-Key with the first answer, notarizing once', async () => {
    const { dpp, manual } = await dppWithVersion();
    const headers = { 'idempotency-key': `nz-${randomUUID()}` };
    const first = await notarize(dpp, [manual.id], { headers });
    const retry = await notarize(dpp, [manual.id], { headers });
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const { notarizations } = await history(dpp.id);
    expect(notarizations).toHaveLength(1);
    expect(await reportObjects(dpp)).toHaveLength(1);
    // The same key with another body is refused (422), and without the key a second notarize is a new
    // request: nothing is left to notarize.
    expectRefused(await notarize(dpp, [], { headers }), 422, 'IDEMPOTENCY_KEY_REUSED');
    expectRefused(await notarize(dpp, [manual.id]), 409, 'NOTHING_TO_NOTARIZE');
  });

  it('notarizes a version whose listed file was deleted since: the file is skipped, its frozen bytes stay listed', async () => {
    const { dpp, manual, sheet } = await dppWithVersion();
    const token = await tokenFor('acme');
    const deleted = await call('DELETE', `/models/${dpp.modelId}/delete-dpp-file/${dpp.id}/file/${sheet.id}`, {
      token,
    });
    expect(deleted.status).toBe(200);
    expect((await notarize(dpp, [manual.id, sheet.id])).status).toBe(200);
    expect(await filesNotarized(dpp)).toEqual({ [manual.id]: true });
    const [n] = (await view(dpp.id)).body.notarizations;
    const frozen = n.files.find((f: { id: string }) => f.id === sheet.id);
    const frozenBytes = await download(frozen.url);
    expect({ status: frozenBytes.status, same: frozenBytes.bytes.equals(pdf) }).toEqual({ status: 200, same: true });
  });
});

describe('GET /view-dpp-notarizations/{dppId}', () => {
  it('shows each notarization with exactly the interface’s fields, the DPP as notarized, files and cards', async () => {
    const { dpp, manual, sheet, versionId } = await dppWithVersion();
    expect((await notarize(dpp, [manual.id])).status).toBe(200);
    const reply = await view(dpp.id);
    expect(reply.status).toBe(200);
    expect(reply.body.nextCursor).toBeUndefined();
    expect(reply.body.notarizations).toHaveLength(1);
    const [n] = reply.body.notarizations;
    const { versions } = await history(dpp.id);
    expect(Object.keys(n).sort()).toEqual(
      [
        'block_hash',
        'block_number',
        'cards',
        'created_at',
        'dpp',
        'dpp_hash',
        'files',
        'from',
        'id',
        'status',
        'to',
        'transaction_hash',
        'url',
        'version',
      ].sort(),
    );
    expect(n).toMatchObject({ version: 1, dpp_hash: versions[0]!.content_hash, cards: [] });
    expectChainFields(n);
    expect(n.dpp).toEqual({
      id: dpp.id,
      code: dpp.item.code,
      description: dpp.item.description,
      dpp_id: dpp.id,
      model_id: dpp.modelId,
      name: dpp.item.name,
      type: dpp.item.dpp_type,
      search_id: dpp.item.search_id,
      template_id: dpp.item.template_id,
      company_id: acme.company.id,
      created_at: dpp.item.created_at,
      updated_at: dpp.item.updated_at,
      version_id: versionId,
      related_dpps: null,
    });
    expect(n.files.map((f: { id: string }) => f.id).sort()).toEqual([manual.id, sheet.id].sort());
    for (const file of n.files) {
      expect(Object.keys(file).sort()).toEqual(['description', 'id', 'name', 'path', 'type', 'url']);
      expect((await download(file.url)).bytes.equals(pdf)).toBe(true);
    }
  });

  it('answers the chain fields of a freshly notarized record by its status: "" and block 0 while PENDING', async () => {
    const { dpp } = await dppWithVersion();
    expect((await notarize(dpp)).status).toBe(200);
    // Read at once: usually before the worker; if it was faster, ANCHORED with every field set.
    const [n] = (await view(dpp.id)).body.notarizations;
    expectChainFields(n);
  });

  it('lists oldest version first and pages with limit and cursor', async () => {
    const dpp = await newDpp();
    await upload(dpp, 'Manual');
    for (let i = 0; i < 3; i++) {
      await createVersion(dpp);
      expect((await notarize(dpp)).status).toBe(200);
    }
    const all = await view(dpp.id);
    expect(all.body.notarizations.map((n: { version: number }) => n.version)).toEqual([1, 2, 3]);
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await view(dpp.id, `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.notarizations.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.notarizations.map((n: { version: number }) => n.version));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([1, 2, 3]);
  });

  it('refuses a cursor of another DPP’s notarizations and one of another company, as INVALID_CURSOR', async () => {
    const dpp = await newDpp();
    await upload(dpp, 'Manual');
    for (let i = 0; i < 2; i++) {
      await createVersion(dpp);
      await notarize(dpp);
    }
    const { nextCursor } = (await view(dpp.id, '?limit=1')).body;
    expect(nextCursor).toEqual(expect.any(String));
    const other = await newDpp();
    expectRefused(await view(other.id, `?cursor=${encodeURIComponent(nextCursor)}`), 400, 'INVALID_CURSOR');
    const globexDpp = await newDpp('globex');
    expectRefused(
      await view(globexDpp.id, `?cursor=${encodeURIComponent(nextCursor)}`, 'globex'),
      400,
      'INVALID_CURSOR',
    );
  });

  it('answers an empty list for a DPP with no notarization', async () => {
    const dpp = await newDpp();
    expect((await view(dpp.id)).body).toEqual({ notarizations: [] });
  });

  it('answers 404 DPP_NOT_FOUND for an unknown DPP and for another company’s with notarizations, alike', async () => {
    const { dpp } = await dppWithVersion();
    expect((await notarize(dpp)).status).toBe(200);
    const foreign = await view(dpp.id, '', 'globex');
    const unknown = await view(`nz-${randomUUID()}`, '', 'globex');
    expectRefused(foreign, 404, 'DPP_NOT_FOUND');
    expect(foreign.body).toEqual(unknown.body);
  });
});
