/**
 * The back-up copy (EN 18221; docs/deploy.md, The back-up copy), end to end on this machine: a
 * stack of its own started as `npm start -- --backup` (its primary and the back-up, each on its
 * own engines; the shared integration stack is left alone), written through the primary, read
 * through the back-up once the primary's API, workers and engines are gone (`kill -USR2`).
 * Every seeded version is read again from the copy with its SHA-256, the restricted parts stay
 * restricted, a grant still opens them and a revoked one does not, and the routes that write are
 * absent there. The replication lag each write showed is reported, never asserted (the bench,
 * scripts/bench-backup.ts, measures it under load: docs/deploy.md).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StackFile } from '../../../infra/local/stack-file';
import { call, demo, demoData, json } from '../../support/api';
import { EVENTUALLY_TEST_TIMEOUT_MS, eventually } from '../../support/eventually';
import { runAdmin, stackFileReady } from '../../support/stack-process';

const sha256 = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex');

let child: ChildProcess;
let dir: string;
let primary: string;
let backup: string;
let primaryEngines: Record<string, string>;
const lines: string[] = [];

/** Every seeded version (infra/local/demo-data.json, versions): the DPP and its number, in order. */
const seededVersions = (() => {
  const counts = new Map<string, number>();
  return demoData.versions.map((entry) => {
    const version = (counts.get(entry.dpp) ?? 0) + 1;
    counts.set(entry.dpp, version);
    return { dppId: entry.dpp, version };
  });
})();
/** Every seeded passport. */
const seededDpps = demoData.companies.flatMap((company) => company.dpps.map((dpp) => dpp.id));

/** What the primary served before it went: each version document's SHA-256, by `<dppId>/<version>`. */
const primaryHashes = new Map<string, string>();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dpp-backup-'));
  child = spawn(
    process.execPath,
    [
      '--no-warnings',
      '--import',
      'tsx',
      'infra/local/start.ts',
      '--backup',
      '--port',
      '0',
      '--dir',
      dir,
      '--ready-json',
      '--log-level',
      'SILENT',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  createInterface({ input: child.stdout! }).on('line', (line) => lines.push(line));
  primary = await stackFileReady(child, join(dir, 'stack.json'), () => stderr.join(''), 'npm start -- --backup');
  const file = JSON.parse(await readFile(join(dir, 'stack.json'), 'utf8')) as StackFile;
  primaryEngines = file.engines ?? {};
  backup = primaryEngines.backupApi ?? '';
}, 400_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
  if (dir) await rm(dir, { recursive: true, force: true });
});

const acme = demo.acme;
const dppId = acme.dpp.id;
let adminToken: string;
let grantValue: string;
let revokedValue: string;
let restrictedCardId: string;
let authorityCardId: string;

/** A version document and its hash, from `base`. */
async function versionDocument(base: string, id: string, version: number, query = '') {
  const response = await fetch(`${base}/dpp/${id}/versions/${version}${query}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, hash: sha256(bytes), body: bytes.toString('utf8') };
}

describe('the back-up copy, written through the primary', () => {
  it('is a read-only deployment: its routes that write are absent, its reads answer', async () => {
    expect(backup).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(backup).not.toBe(primary);
    expect((await fetch(`${backup}/health`)).status).toBe(200);
    const write = await fetch(`${backup}/dpps/${dppId}/cards`, { method: 'POST', body: '{}' });
    expect(write.status).toBe(404);
    expect(await write.json()).toEqual({ error: 'Not Found' });
    expect((await fetch(`${backup}/generateJWT/${acme.apiKey}/${acme.admin.wallet}`)).status).toBe(404);
  });

  it(
    'receives the seed, a restricted card, a grant and a revoked grant, with every version’s hash',
    async () => {
      const token = await call<{ authToken: string }>('GET', `/generateJWT/${acme.apiKey}/${acme.admin.wallet}`, {
        baseUrl: primary,
      });
      expect(token.status).toBe(200);
      adminToken = token.body.authToken;
      const card = await call('POST', `/dpps/${dppId}/cards`, {
        baseUrl: primary,
        token: adminToken,
        ...json({ name: 'Cell chemistry (back-up test)', access_tier: 'legitimate_interest' }),
      });
      expect(card.status).toBe(200);
      restrictedCardId = card.body.card.id;
      const authorityCard = await call('POST', `/dpps/${dppId}/cards`, {
        baseUrl: primary,
        token: adminToken,
        ...json({ name: 'Supplier audit (back-up test)', access_tier: 'authority' }),
      });
      expect(authorityCard.status).toBe(200);
      authorityCardId = authorityCard.body.card.id;
      const grant = async () =>
        call('POST', `/dpps/${dppId}/access-grants`, {
          baseUrl: primary,
          token: adminToken,
          ...json({ tier: 'legitimate_interest', audience: 'repairer@example.com', expires_in_days: 30 }),
        });
      const kept = await grant();
      const revoked = await grant();
      expect([kept.status, revoked.status]).toEqual([201, 201]);
      grantValue = new URL(kept.body.json_link).searchParams.get('access') ?? '';
      revokedValue = new URL(revoked.body.json_link).searchParams.get('access') ?? '';
      const revoke = await call('DELETE', `/dpps/${dppId}/access-grants/${revoked.body.grant.id}`, {
        baseUrl: primary,
        token: adminToken,
      });
      expect(revoke.status).toBe(204);
      const written = Date.now();

      for (const { dppId: id, version } of seededVersions) {
        const document = await versionDocument(primary, id, version);
        expect(document.status).toBe(200);
        primaryHashes.set(`${id}/${version}`, document.hash);
      }
      // Replicated: the last write (the revocation) has reached the copy, and so has every version.
      await eventually('the revocation on the back-up', async () => {
        const read = await call('GET', `/dpp/${dppId}?access=${encodeURIComponent(revokedValue)}`, { baseUrl: backup });
        const granted = await call('GET', `/dpp/${dppId}?access=${encodeURIComponent(grantValue)}`, {
          baseUrl: backup,
        });
        return read.body.access?.status === 'invalid' && granted.body.access?.status === 'granted' ? true : undefined;
      });
      console.info(`replication lag of the last write, seen through the back-up's API: ${Date.now() - written} ms`);
      await eventually('every seeded version on the back-up', async () => {
        for (const { dppId: id, version } of seededVersions) {
          if ((await versionDocument(backup, id, version)).hash !== primaryHashes.get(`${id}/${version}`))
            return undefined;
        }
        return true;
      });
    },
    EVENTUALLY_TEST_TIMEOUT_MS,
  );
});

describe('the back-up copy, once the primary is gone', () => {
  beforeAll(async () => {
    expect(primaryHashes.size).toBe(seededVersions.length);
    child.kill('SIGUSR2');
    await eventually('the primary stopped', async () =>
      lines.some((line) => line.includes('"primaryStopped":true')) ? true : undefined,
    );
  }, EVENTUALLY_TEST_TIMEOUT_MS);

  it('has no primary left: its API and its engines refuse connections', async () => {
    for (const address of [primary, primaryEngines.dynamodb, primaryEngines.s3]) {
      await expect(fetch(`${address}/`), address).rejects.toThrow();
    }
  });

  it('serves every version of every seeded passport with the SHA-256 the primary served', async () => {
    for (const { dppId: id, version } of seededVersions) {
      const document = await versionDocument(backup, id, version);
      expect({ id, version, status: document.status, hash: document.hash }).toEqual({
        id,
        version,
        status: 200,
        hash: primaryHashes.get(`${id}/${version}`),
      });
      // The document says which version it is: a past one read at its own address (point in time).
      expect(JSON.parse(document.body)).toMatchObject({ dpp_id: id, version });
    }
  });

  it('serves every seeded passport, its page and its files, from the copy alone', async () => {
    for (const id of seededDpps) {
      const read = await call('GET', `/dpp/${id}`, { baseUrl: backup });
      expect({ id, status: read.status }).toEqual({ id, status: 200 });
      const page = await fetch(`${backup}/passport/${id}`);
      expect({ id, page: page.status }).toEqual({ id, page: 200 });
      for (const file of read.body.dpp.files ?? []) {
        // The file's public address: a redirect to the back-up's bucket, whose bytes are the primary's.
        expect(file.url.startsWith(backup)).toBe(true);
        const bytes = await fetch(file.url);
        expect({ id, file: file.id, status: bytes.status }).toEqual({ id, file: file.id, status: 200 });
        expect(bytes.url.startsWith(primaryEngines.backupS3 ?? '')).toBe(true);
      }
    }
  });

  it('keeps restricted parts restricted, opens them through a grant, and not through a revoked one', async () => {
    const cardIds = (body: { dpp: { cards?: Array<{ id: string }> } }) => (body.dpp.cards ?? []).map((c) => c.id);
    const anonymous = await call('GET', `/dpp/${dppId}`, { baseUrl: backup });
    expect(cardIds(anonymous.body)).not.toContain(restrictedCardId);
    const granted = await call('GET', `/dpp/${dppId}?access=${encodeURIComponent(grantValue)}`, { baseUrl: backup });
    expect(granted.body.access).toEqual({ status: 'granted', tier: 'legitimate_interest' });
    expect(cardIds(granted.body)).toContain(restrictedCardId);
    const revoked = await call('GET', `/dpp/${dppId}?access=${encodeURIComponent(revokedValue)}`, {
      baseUrl: backup,
    });
    expect(revoked.body.access).toEqual({ status: 'invalid', tier: 'public' });
    expect(cardIds(revoked.body)).not.toContain(restrictedCardId);
  });

  it('opens the legitimate-interest parts to every reader once the operator has ceased (company cease), not the authority ones', async () => {
    const cardIds = async () =>
      ((await call('GET', `/dpp/${dppId}`, { baseUrl: backup })).body.dpp.cards ?? []).map((c: { id: string }) => c.id);
    expect(await cardIds()).not.toContain(restrictedCardId);
    const ceased = await runAdmin(join(dir, 'backup'), ['company', 'cease', acme.company.id]);
    expect({ code: ceased.code, stderr: ceased.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(ceased.stdout)).toMatchObject({ id: acme.company.id, ceased_at: expect.any(String) });
    const open = await cardIds();
    expect(open).toContain(restrictedCardId);
    expect(open).not.toContain(authorityCardId);
    // An unknown company is refused, and nothing is written.
    expect(
      (await runAdmin(join(dir, 'backup'), ['company', 'cease', '01a19656-0000-7000-8000-000000000000'])).code,
    ).toBe(1);
  });
});
