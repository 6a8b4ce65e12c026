import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { DeleteObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localClients } from '../../infra/local/bootstrap';
import { samples } from '../../infra/local/samples';
import type { StackFile } from '../../infra/local/stack-file';
import { objectKeys } from '../../lib/files/object-keys';
import {
  apiUrl,
  call,
  demoData,
  fixture,
  form,
  localBucketClient,
  localEnv,
  localTable,
  putTestDpp,
  type Reply,
  tokenFor,
} from '../support/api';
import { runAdmin, type StackProcess, sharedStackDir, startTableStack } from '../support/stack-process';

/**
 * `npm run admin -- import` and `export`, each empty stack a table and
 * bucket of its own on the integration stack's engines (startTableStack): the demo file
 * imported into an empty stack answers GET /dpp as the seeded integration stack does; a second
 * run creates nothing; an invalid record stops the import with its file, path and reason,
 * having written nothing of it; an export of a seeded DPP, imported into another empty stack,
 * is the same passport, and its version documents are the served ones, byte for byte.
 */
const DEMO_FILE = 'infra/local/demo-data.json';
const LANGUAGES = ['en', 'it', 'fr'];
const demoDpps = demoData.companies.flatMap((company) => company.dpps);

/** The sample events (test/events, on the same seeded stack) rename, delete, add and link on the sample passport. */
const samplePassport = samples['create-related-dpps'].path.split('/')[3]!;
/** Passports the seed or the samples changed after the demo file (links copy files and cards onto them). */
const changedAfterSeed = new Set([...demoData.links.map((link) => link.dpp), samplePassport]);
/** File ids a sample event renames or deletes. */
const changedBySamples = new Set(
  Object.values(samples).flatMap(
    (sample) => /\/(?:update|delete)-dpp-file\/.*\/file\/([^/]+)$/.exec(sample.path)?.[1] ?? [],
  ),
);

const view = (dppId: string, language: string, baseUrl?: string) =>
  call('GET', `/dpp/${dppId}`, { headers: { language }, ...(baseUrl && { baseUrl }) });

/**
 * The passport as two stacks can agree on it: a signed URL's host, port, bucket (the first
 * segment of its path) and signature differ per stack, the object's key does not. `only`
 * keeps the files and cards of these ids.
 */
function comparable(reply: Reply, only?: { files: Set<string>; cards: Set<string> }) {
  const dpp = reply.body.dpp;
  const objectKey = (url: string) => new URL(url).pathname.split('/').slice(2).join('/');
  // A public address is on each stack's own base URL: its path is what must be the same.
  const path = (url: string) => new URL(url).pathname;
  return {
    ...dpp,
    images: dpp.images.map((image: { image: string; url: string }) => ({
      ...image,
      image: objectKey(image.image),
      url: path(image.url),
    })),
    files: dpp.files
      .filter((file: { id: string }) => only?.files.has(file.id) ?? true)
      .map((file: { url: string }) => ({ ...file, url: path(file.url) })),
    cards: dpp.cards.filter((card: { id: string }) => only?.cards.has(card.id) ?? true),
  };
}

/** The settings of a stack's stack file: its engines, table and bucket. */
async function envOf(stack: StackProcess): Promise<Record<string, string>> {
  return (JSON.parse(await readFile(join(stack.dir, 'stack.json'), 'utf8')) as StackFile).env;
}

/** Items in a stack's table (DynamoDB Local counts them at once). */
async function itemCount(stack: StackProcess): Promise<number> {
  const env = await envOf(stack);
  const { Table } = await localClients(env).dynamodb.send(new DescribeTableCommand({ TableName: env.TABLE_NAME }));
  return Table?.ItemCount ?? 0;
}

async function objectExists(stack: StackProcess, key: string): Promise<boolean> {
  const env = await envOf(stack);
  return localClients(env)
    .s3.send(new HeadObjectCommand({ Bucket: env.BUCKET_NAME, Key: key }))
    .then(
      () => true,
      () => false,
    );
}

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'dpp-import-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe('import of the demo file into an empty stack', () => {
  let empty: StackProcess;
  beforeAll(async () => {
    empty = await startTableStack(localEnv);
  });
  afterAll(() => empty?.stop());

  it('gives the same GET /dpp answers as the seeded stack, for every demo DPP, in three languages', async () => {
    const run = await runAdmin(empty.dir, ['import', DEMO_FILE]);
    expect(run.code, run.stderr).toBe(0);
    const records = demoData.companies.length + demoData.partnerships.length + demoData.operators.length;
    const total = records + demoData.companies.reduce((n, c) => n + c.templates.length + c.dpps.length, 0);
    expect(run.stdout.trim()).toMatch(new RegExp(`^${DEMO_FILE}: ${total} records: ${total} created, 0 completed`));
    // Not a terminal: one plain counted line per record.
    expect(run.stderr).toContain(`[1/${total}] company ${demoData.companies[0]!.id} created`);

    // The sample events (test/events) change the sample passport's texts, cards, files and images
    // on the shared stack, in whichever order the files run: it is compared by its identity only.
    const sample = await view(samplePassport, 'en', empty.apiUrl);
    expect({ status: sample.status, id: sample.body.dpp.id }).toEqual({ status: 200, id: samplePassport });
    for (const dpp of demoDpps.filter((d) => d.id !== samplePassport)) {
      // The demo file's own items: the seeded stack is the integration tests' shared one, where
      // linking copied files and cards onto some DPPs, a sample renames and deletes two files, and
      // other tests add files of their own (a tenant probe, the fuzz).
      const only = {
        files: new Set(dpp.files.map((f) => f.id).filter((id) => !changedBySamples.has(id))),
        cards: new Set(dpp.cards.map((c) => c.id)),
      };
      for (const language of LANGUAGES) {
        const [seeded, imported] = await Promise.all([view(dpp.id, language), view(dpp.id, language, empty.apiUrl)]);
        expect(imported.status).toBe(200);
        const { updated_at: importedAt, ...rest } = comparable(imported, only);
        const { updated_at: seededAt, ...seededRest } = comparable(seeded, only);
        expect(rest).toEqual(seededRest);
        // The languages answered, where the seeded DPP holds nothing but the demo file's texts.
        const untouched =
          seededRest.files.length === seeded.body.dpp.files.length &&
          seededRest.cards.length === seeded.body.dpp.cards.length;
        if (untouched) expect(imported.headers.get('content-language')).toBe(seeded.headers.get('content-language'));
        // Linked after the seed: its updated_at is the link's; the others', the demo file's.
        if (changedAfterSeed.has(dpp.id)) expect(importedAt).toBe(imported.body.dpp.created_at);
        else expect(importedAt).toBe(seededAt);
      }
    }
  });

  it('makes every imported DPP resolve at its GS1 Digital Link URI, to the same DPP', async () => {
    // Runs after the import above (tests of a file run in order).
    for (const dpp of demoDpps.filter((d) => d.search_id)) {
      const reply = await fetch(`${empty.apiUrl}/${dpp.search_id}`, { redirect: 'manual' });
      expect({ dpp: dpp.id, status: reply.status }).toEqual({ dpp: dpp.id, status: 307 });
      expect(reply.headers.get('location')).toBe(`${empty.apiUrl}/passport/${dpp.id}`);
    }
  });

  it('creates nothing the second time: every record already present, the table unchanged', async () => {
    const before = await itemCount(empty);
    expect(before).toBeGreaterThan(demoDpps.length * 5);
    const run = await runAdmin(empty.dir, ['import', DEMO_FILE]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/: (\d+) records: 0 created, 0 completed, \1 already present \(0 items written\)/);
    expect(run.stderr).not.toMatch(/ created$/m);
    expect(await itemCount(empty)).toBe(before);
  });

  describe('an invalid record', () => {
    const company = { id: uuidv7(), name: 'Import Test B.V.', country_code: 'NL' };
    const dpp = (id: string, changes: object = {}) => ({
      id,
      model_id: uuidv7(),
      type: 'test-passport',
      language: 'en',
      name: `Passport ${id}`,
      description: 'Imported by the import test',
      images: [{ id: `${id}-image`, fixture: 'fixtures/sample.png' }],
      files: [{ id: `${id}-file`, name: 'Manual', description: 'How to use it', fixture: 'fixtures/sample.pdf' }],
      ...changes,
    });
    /** A document beside a copy of the demo fixtures, so its fixture paths resolve. */
    const write = async (name: string, document: object) => {
      await cp('infra/local/fixtures', join(work, 'fixtures'), { recursive: true });
      const file = join(work, name);
      await writeFile(file, JSON.stringify(document));
      return file;
    };

    it('stops the import with file, record path and reason, keeping the records before it (exit 1)', async () => {
      const [kept, refused] = [`imp-${uuidv7()}`, `imp-${uuidv7()}`];
      const file = await write('bad-language.json', {
        companies: [{ ...company, dpps: [dpp(kept), dpp(refused, { language: 'english' })] }],
      });
      const run = await runAdmin(empty.dir, ['import', file]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`${file}: companies[0].dpps[1].language: must be an ISO 639-1 code`);
      expect(run.stderr).toContain(`[2/3] dpp ${kept} created`);
      expect((await view(kept, 'en', empty.apiUrl)).status).toBe(200);
      expect((await view(refused, 'en', empty.apiUrl)).status).toBe(404);
    });

    it('writes no item and no byte of a DPP whose second file is missing', async () => {
      const id = `imp-${uuidv7()}`;
      const missing = { id: `${id}-sheet`, name: 'Sheet', description: '', fixture: 'fixtures/no-such.pdf' };
      const record = dpp(id);
      const file = await write('missing-fixture.json', {
        companies: [{ ...company, dpps: [{ ...record, files: [...record.files, missing] }] }],
      });
      const run = await runAdmin(empty.dir, ['import', file]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        new RegExp(
          `${file}: companies\\[0\\]\\.dpps\\[0\\]\\.files\\[1\\]\\.fixture: fixtures/no-such\\.pdf: no such file`,
        ),
      );
      expect((await view(id, 'en', empty.apiUrl)).status).toBe(404);
      expect(await objectExists(empty, objectKeys.dppImage(company.id, id, `${id}-image`))).toBe(false);
    });
  });
});

describe('export of a seeded DPP, imported into an empty stack', () => {
  const x1 = demoData.companies[0]!.dpps[0]!;
  let empty: StackProcess;
  let seeded: StackProcess;
  let exported: string;
  beforeAll(async () => {
    [empty, seeded] = await Promise.all([startTableStack(localEnv), sharedStackDir(apiUrl, localEnv)]);
    const run = await runAdmin(seeded.dir, ['export', x1.id, '--out', join(work, 'exports')]);
    expect(run.code, run.stderr).toBe(0);
    exported = run.stdout.trim();
  });
  afterAll(() => Promise.all([empty?.stop(), seeded?.stop()]));

  it('writes the passport, every version document, the bytes and a README into <out>/<dppId>', async () => {
    expect(exported).toBe(join(work, 'exports', x1.id));
    const names = await readdir(exported, { recursive: true });
    expect(names).toEqual(
      expect.arrayContaining(['passport.json', 'history.json', 'README.txt', 'versions/1.json', 'versions/2.json']),
    );
    const passport = JSON.parse(await readFile(join(exported, 'passport.json'), 'utf8'));
    expect(Object.keys(passport.companies[0]).sort()).toEqual(
      ['country_code', 'created_at', 'dpps', 'economic_operator_id', 'id', 'name', 'templates'].sort(),
    );
    expect(JSON.stringify(passport)).not.toMatch(/api-key|apiKeys|users|wallet/i);
    const history = JSON.parse(await readFile(join(exported, 'history.json'), 'utf8'));
    expect(history.notarizations[0]).toMatchObject({ version: 1, status: 'ANCHORED' });
    expect(history.versions.map((version: { version_id: string }) => version.version_id)).toEqual(
      demoData.versions.filter((v) => v.dpp === x1.id).map((v) => v.versionId),
    );
  });

  it('holds each version document byte for byte as GET /dpp/{dppId}/versions/{n} serves it', async () => {
    for (const n of [1, 2]) {
      const served = Buffer.from(await (await fetch(`${apiUrl}/dpp/${x1.id}/versions/${n}`)).arrayBuffer());
      expect((await readFile(join(exported, 'versions', `${n}.json`))).equals(served)).toBe(true);
    }
  });

  it('gives the same passport once imported into an empty stack (GET /dpp in two languages)', async () => {
    const run = await runAdmin(empty.dir, ['import', join(exported, 'passport.json')]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/: 3 records: 3 created/);
    for (const language of ['en', 'it']) {
      const [seeded, restored] = await Promise.all([view(x1.id, language), view(x1.id, language, empty.apiUrl)]);
      expect(restored.status).toBe(200);
      expect(comparable(restored)).toEqual(comparable(seeded));
      expect(restored.headers.get('content-language')).toBe(seeded.headers.get('content-language'));
    }
  });

  it('leaves out a file whose object is gone, saying so, and the export still imports', async () => {
    // A DPP of its own (no other test changes it), with two files; one file's bytes removed behind the service's back.
    const acme = demoData.companies[0]!;
    const dpp = await putTestDpp('export', { company_id: acme.id, model_id: x1.model_id, published: true });
    const token = await tokenFor('acme');
    const upload = (name: string) =>
      call('POST', `/models/${dpp.model_id}/dpps/${dpp.id}/upload-file`, {
        token,
        form: form({ name }, { bytes: fixture('sample.pdf'), name: `${name}.pdf` }),
      });
    const [kept, lost] = [await upload('kept'), await upload('lost')];
    expect([kept.status, lost.status]).toEqual([200, 200]);
    const files = (await call('GET', `/view-dpp-files/${dpp.id}`, { token })).body.files as Array<{
      id: string;
      name: string;
    }>;
    const lostFile = files.find((file) => file.name === 'lost')!;
    const { doc, tableName } = localTable();
    const { Item: record } = await doc.send(
      new GetCommand({ TableName: tableName, Key: { pk: `DPP#${dpp.id}`, sk: `DPP_FILE#${lostFile.id}` } }),
    );
    await localBucketClient().send(new DeleteObjectCommand({ Bucket: localEnv.BUCKET_NAME, Key: record!.path }));

    const run = await runAdmin(seeded.dir, ['export', dpp.id, '--out', join(work, 'exports')]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`file ${lostFile.id}: no object`);
    const passport = JSON.parse(await readFile(join(work, 'exports', dpp.id, 'passport.json'), 'utf8'));
    expect(passport.companies[0].dpps[0].files.map((file: { name: string }) => file.name)).toEqual(['kept']);
    const imported = await runAdmin(empty.dir, ['import', join(work, 'exports', dpp.id, 'passport.json')]);
    expect(imported.code, imported.stderr).toBe(0);
  });
});
