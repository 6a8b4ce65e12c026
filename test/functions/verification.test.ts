import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { localClients } from '../../infra/local/bootstrap';
import * as keys from '../../lib/data/keys';
import type { NotarizationItem } from '../../lib/notarizations/model';
import type { DppVersionItem } from '../../lib/versions/model';
import { apiUrl, call, demo, demoData, fixture, form, localEnv, putTestDpp, tokenFor } from '../support/api';
import { EVENTUALLY_TEST_TIMEOUT_MS, eventually } from '../support/eventually';
import { signHash, testAccount, WALLET } from '../support/wallets';

// Its versions are anchored by the stream worker first (anchoredVersion): waits, not durations.
vi.setConfig({ testTimeout: EVENTUALLY_TEST_TIMEOUT_MS, hookTimeout: EVENTUALLY_TEST_TIMEOUT_MS });

/**
 * A version's public verification (GET …/versions/{version}/verification) and the offline
 * verifier (`npm run verify`, run here as a child process against the local stack and anvil),
 * on the seed's anchored version, on a version never notarized, and on a version of a DPP of
 * this file's own, notarized and anchored here, then tampered with: one byte of its stored
 * document changed, and its record pointed at a transaction carrying other hashes.
 */
const clients = localClients(localEnv);
const TableName = localEnv.TABLE_NAME!;
const X1 = demoData.versions[0]!.dpp;
const run = promisify(execFile);

interface Verification {
  valid: boolean;
  checks: Array<{ check: string; ok: boolean; detail: string }>;
}

const verify = async (dppId: string, version: number) => {
  const reply = await call<Verification>('GET', `/dpp/${dppId}/versions/${version}/verification`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
};
const failed = (result: Verification) => result.checks.filter((c) => !c.ok).map((c) => c.check);

/** What the passport page says of one version: its list item's words. */
async function pageSays(dppId: string, version: number): Promise<string> {
  const html = await (await fetch(`${apiUrl}/passport/${dppId}`)).text();
  const item = html.split('<li>').find((li) => li.includes(`/versions/${version}"`) && li.includes('SHA-256'));
  expect(item, `version ${version} on the page`).toBeDefined();
  return item!.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

/** `npm run verify -- <uri> --rpc <anvil>`: its exit code and what it printed. */
async function verifyOffline(dppId: string, version: number): Promise<{ code: number; out: string }> {
  const uri = `${apiUrl}/dpp/${dppId}/versions/${version}`;
  try {
    const { stdout } = await run('node_modules/.bin/tsx', ['scripts/verify.ts', uri, '--rpc', localEnv.EVM_RPC_URL!]);
    return { code: 0, out: stdout };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, out: `${stdout}${stderr}` };
  }
}

const record = async <T>(key: keys.Key) =>
  (await clients.doc.send(new GetCommand({ TableName, Key: key, ConsistentRead: true }))).Item as T;

/** A fresh DPP of Acme with version 1, notarized by the Acme editor and anchored on the local chain. */
async function anchoredVersion(): Promise<string> {
  const { company, dpp: demoDpp } = demo.acme;
  const dpp = await putTestDpp('vf', { company_id: company.id, model_id: demoDpp.model_id });
  const token = await tokenFor('acme');
  const created = await call('POST', `/version/${dpp.id}/create`, {
    token,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ dppId: dpp.id, versionId: `v-${randomUUID()}` }),
  });
  expect(created.status).toBe(200);
  const report = fixture('sample.csv');
  const hash = createHash('sha256').update(report).digest('hex');
  const notarized = await call('POST', `/version/${dpp.id}/notarize`, {
    token,
    form: form(
      {
        companyId: company.id,
        hash,
        signature: signHash(hash, WALLET.acmeEditor),
        submitter: testAccount(WALLET.acmeEditor).address,
        filesList: '[]',
      },
      { bytes: report, name: 'report.csv' },
    ),
  });
  expect(notarized.status, JSON.stringify(notarized.body)).toBe(200);
  // No duration asserted: on a busy machine the worker may take a minute (test/support/eventually.ts).
  await eventually('version 1 ANCHORED by the stream worker', async () => {
    const item = await record<NotarizationItem>(keys.notarization(dpp.id, 1));
    if (item.status !== 'ANCHORED') expect(item.status).toBe('PENDING');
    return item.status === 'ANCHORED' ? true : undefined;
  });
  return dpp.id;
}

describe('GET /dpp/{dppId}/versions/{version}/verification', () => {
  it('is valid for the seed’s notarized and anchored version, every check passed', async () => {
    const result = await verify(X1, 1);
    expect(result.checks.map((c) => c.check)).toEqual([
      'document_hash',
      'notarization',
      'report_hash',
      'signature',
      'submitter_wallet',
      'anchor_transaction',
      'anchor_input',
      'chain_id',
    ]);
    expect(failed(result)).toEqual([]);
    expect(result.valid).toBe(true);
    // The page shows what this verification found, and still says which version is current.
    expect(await pageSays(X1, 1)).toMatch(
      /Verified: this version’s content matches the fingerprint recorded on Anvil in block \d+ \(confirmations: \d+\), checked /,
    );
  });

  it('is not valid for a version never notarized, naming the missing step', async () => {
    const result = await verify(X1, 2);
    expect(result.valid).toBe(false);
    expect(failed(result)).toEqual(['notarization']);
    expect(result.checks.find((c) => c.check === 'notarization')?.detail).toMatch(/never notarized/);
    const words = await pageSays(X1, 2);
    expect(words).toContain('Not notarized: this version’s fingerprint is not recorded on a blockchain.');
    expect(words).toContain('current version');
  });

  it('refuses a query parameter with a 400 naming it: `?cb=` cannot make a new cache entry', async () => {
    const busted = await call('GET', `/dpp/${X1}/versions/1/verification?cb=1`);
    expect(busted.status).toBe(400);
    expect(busted.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'cb' }] });
  });

  it('serves the kept outcome of an anchored version while it is fresh: the same checks, made once', async () => {
    const first = (await call('GET', `/dpp/${X1}/versions/1/verification`)).body as Verification & {
      checked_at: string;
    };
    const again = await Promise.all([1, 2, 3].map(() => verify(X1, 1)));
    for (const answer of again) expect(answer).toEqual(first);
    const kept = await record<NotarizationItem>(keys.notarization(X1, 1));
    expect(kept.verification).toMatchObject({ checked_at: first.checked_at, checks: first.checks });
  });

  it('answers 404 for a version that does not exist', async () => {
    expect((await call('GET', `/dpp/${X1}/versions/999/verification`)).status).toBe(404);
  });
});

describe('tampering, seen by the service and by the offline verifier alike', () => {
  let dppId: string;
  beforeAll(async () => {
    dppId = await anchoredVersion();
  }, 30_000);

  it('both find a freshly anchored version valid', async () => {
    expect(await verify(dppId, 1)).toMatchObject({ valid: true });
    const offline = await verifyOffline(dppId, 1);
    expect(offline.code, offline.out).toBe(0);
    expect(offline.out).toMatch(/VALID/);
  });

  it('both name the anchor input when the record points at a transaction carrying other hashes', async () => {
    const key = keys.notarization(dppId, 1);
    const own = await record<NotarizationItem>(key);
    const other = await record<NotarizationItem>(keys.notarization(X1, 1));
    const point = (hash: string | undefined) =>
      clients.doc.send(
        new UpdateCommand({
          TableName,
          Key: key,
          UpdateExpression: 'SET transaction_hash = :h',
          ExpressionAttributeValues: { ':h': hash },
        }),
      );
    await point(other.transaction_hash);
    try {
      const result = await verify(dppId, 1);
      expect(result.valid).toBe(false);
      expect(failed(result)).toEqual(['anchor_input']);
      const offline = await verifyOffline(dppId, 1);
      expect(offline.code, offline.out).toBe(1);
      expect(offline.out).toMatch(/FAIL anchor_input/);
    } finally {
      await point(own.transaction_hash);
    }
  }, 20_000);

  it('both name the document hash when one byte of the stored document is changed', async () => {
    const version = await record<DppVersionItem>(keys.dppVersion(dppId, 1));
    const stored = await clients.s3.send(
      new GetObjectCommand({
        Bucket: localEnv.BUCKET_NAME,
        Key: version.document_path,
      }),
    );
    const bytes = Buffer.from(await stored.Body!.transformToByteArray());
    const at = bytes.indexOf('"name":"') + 8;
    bytes[at] = bytes[at] === 0x58 ? 0x59 : 0x58;
    await clients.s3.send(
      new PutObjectCommand({ Bucket: localEnv.BUCKET_NAME, Key: version.document_path, Body: bytes }),
    );

    // The service checks again once its kept outcome is older than the freshness window (10 minutes): age it.
    await clients.doc.send(
      new UpdateCommand({
        TableName,
        Key: keys.notarization(dppId, 1),
        UpdateExpression: 'SET verification.checked_at = :old',
        ConditionExpression: 'attribute_exists(verification)',
        ExpressionAttributeValues: { ':old': new Date(Date.now() - 3_600_000).toISOString() },
      }),
    );
    const result = await verify(dppId, 1);
    expect(result.valid).toBe(false);
    expect(failed(result)).toEqual(['document_hash']);
    const offline = await verifyOffline(dppId, 1);
    expect(offline.code, offline.out).toBe(1);
    expect(offline.out).toMatch(/FAIL document_hash/);
    expect(await pageSays(dppId, 1)).toContain(
      'Verification failed: the stored document no longer matches its fingerprint.',
    );
  }, 20_000);
});
