import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as keys from '../../lib/data/keys';
import { toTemplateItem } from '../../lib/templates/model';
import {
  apiUrl,
  call,
  demo,
  fixture,
  form,
  isUnavailable,
  localBucketClient,
  localEnv,
  localTable,
  putTestDpp,
  type Tenant,
  tokenFor,
} from '../support/api';
import { checkResponse } from '../support/contract-check';

/**
 * Idempotent POSTs over HTTP against the local stack (docs/spec/decisions.md, Retries):
 * a retry with the same `Idempotency-Key` and body answers the first answer and writes
 * nothing again, whatever multipart boundary it uses; the same key with another body is
 * 422; keys are per company; concurrent duplicates write one file; a malformed key is 400.
 *
 * Each test uploads to a DPP or template of its own (written straight to the table, as
 * templates and DPPs have no create endpoint yet), so counts cannot race with other files.
 */
const pdf = fixture('sample.pdf');
const png = fixture('sample.png');
const { doc, tableName } = localTable();
const s3 = localBucketClient();
const created: Array<{ pk: string; sk: string }> = [];

/** A fresh DPP of the tenant's company, of the demo DPP's model. */
async function newDpp(tenant: Tenant) {
  const { company, dpp } = demo[tenant];
  const item = await putTestDpp('idem', { company_id: company.id, model_id: dpp.model_id, dpp_type: randomUUID() });
  created.push(item);
  return {
    tenant,
    id: item.id,
    companyId: company.id,
    path: `/models/${item.model_id}/dpps/${item.id}/upload-file`,
    prefix: `companies/${company.id}/dpps/${item.id}/`,
  };
}
type Dpp = Awaited<ReturnType<typeof newDpp>>;

async function newTemplate(tenant: Tenant) {
  const item = toTemplateItem({
    id: randomUUID(),
    company_id: demo[tenant].company.id,
    name: 'Idempotency test template',
    created_at: new Date().toISOString(),
  });
  await doc.send(new PutCommand({ TableName: tableName, Item: item }));
  created.push(item);
  return { id: item.id, prefix: `companies/${item.company_id}/templates/${item.id}/` };
}

afterAll(async () => {
  await Promise.all(
    created.map(({ pk, sk }) => doc.send(new DeleteCommand({ TableName: tableName, Key: { pk, sk } }))),
  );
});

const key = () => `retry-${randomUUID()}`;

async function upload(dpp: Dpp, idempotencyKey: string | undefined, fields: Record<string, string> = {}, bytes = pdf) {
  return call('POST', dpp.path, {
    token: await tokenFor(dpp.tenant),
    headers: idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey },
    form: form({ name: 'Manual', ...fields }, { bytes, name: 'manual.pdf', type: 'application/pdf' }),
  });
}

async function fileIds(dpp: Dpp): Promise<string[]> {
  const reply = await call('GET', `/view-dpp-files/${dpp.id}`, { token: await tokenFor(dpp.tenant) });
  expect(reply.status).toBe(200);
  return reply.body.files.map((file: { id: string }) => file.id);
}

async function objectCount(prefix: string): Promise<number> {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: localEnv.BUCKET_NAME!, Prefix: prefix }));
  return listed.KeyCount ?? 0;
}

/** What the upload wrote: the files the list shows and the objects the bucket holds. */
const written = async (dpp: Dpp) => ({ files: (await fileIds(dpp)).length, objects: await objectCount(dpp.prefix) });

const record = async (companyId: string, route: string, idempotencyKey: string) =>
  (await doc.send(new GetCommand({ TableName: tableName, Key: keys.idempotency(companyId, route, idempotencyKey) })))
    .Item;

describe('a retried upload with the same key and body', () => {
  it('answers the first answer (same file id, marked replayed) and writes one file and one object', async () => {
    const dpp = await newDpp('acme');
    const k = key();
    const first = await upload(dpp, k);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();

    const retries = [await upload(dpp, k), await upload(dpp, k)];
    for (const retry of retries) {
      expect(retry.status).toBe(200);
      expect(retry.body).toEqual(first.body);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
    }
    expect(await fileIds(dpp)).toEqual([first.body.file.id]);
    expect(await objectCount(dpp.prefix)).toBe(1);
    expect(await record(dpp.companyId, 'create-dpp-file', k)).toMatchObject({
      state: 'COMPLETED',
      ttl: expect.any(Number),
    });
  });

  it('recognises the same body under a new multipart boundary (each curl run picks its own)', async () => {
    const dpp = await newDpp('acme');
    const k = key();
    const token = await tokenFor('acme');
    const curl = () => {
      const run = spawnSync(
        'curl',
        [
          '-s',
          '-w',
          '\n%{http_code}',
          '-H',
          `Authorization: Bearer ${token}`,
          '-H',
          `Idempotency-Key: ${k}`,
          '-F',
          'name=Curl upload',
          '-F',
          'file=@infra/local/fixtures/sample.pdf;type=application/pdf',
          `${apiUrl}${dpp.path}`,
        ],
        { encoding: 'utf8' },
      );
      const [body, status] = [run.stdout.slice(0, run.stdout.lastIndexOf('\n')), run.stdout.split('\n').pop()];
      checkResponse('POST', dpp.path, Number(status), JSON.parse(body));
      return { status: Number(status), body: JSON.parse(body) };
    };
    const first = curl();
    const retry = curl();
    expect([first.status, retry.status]).toEqual([200, 200]);
    expect(retry.body.file.id).toBe(first.body.file.id);
    expect(await written(dpp)).toEqual({ files: 1, objects: 1 });
  });

  it('keeps the template route idempotent too, apart from the DPP route under the same key', async () => {
    const template = await newTemplate('acme');
    const dpp = await newDpp('acme');
    const k = key();
    const token = await tokenFor('acme');
    const send = () =>
      call('POST', '/create-template-file', {
        token,
        headers: { 'idempotency-key': k },
        form: form({ template_id: template.id }, { bytes: png, name: 'card.png', type: 'image/png' }),
      });
    const first = await send();
    const retry = await send();
    expect([first.status, retry.status]).toEqual([200, 200]);
    expect(retry.body.file.id).toBe(first.body.file.id);
    expect(await objectCount(template.prefix)).toBe(1);
    // The same key on the other route is another request, not a reuse.
    expect((await upload(dpp, k)).status).toBe(200);
    expect(await written(dpp)).toEqual({ files: 1, objects: 1 });
  });
});

describe('the same key with another body', () => {
  it('is 422 IDEMPOTENCY_KEY_REUSED with the error body of docs/spec/decisions.md, and writes nothing', async () => {
    const dpp = await newDpp('acme');
    const k = key();
    const first = await upload(dpp, k);
    expect(first.status).toBe(200);
    for (const other of [
      () => upload(dpp, k, { name: 'Another name' }),
      () => upload(dpp, k, {}, png),
      () => upload(dpp, k, { description: 'added' }),
    ]) {
      const reply = await other();
      expect([reply.status, reply.body]).toEqual([422, { error: expect.any(String), code: 'IDEMPOTENCY_KEY_REUSED' }]);
    }
    expect(await written(dpp)).toEqual({ files: 1, objects: 1 });
    // The first answer is still there for a true retry.
    expect((await upload(dpp, k)).body).toEqual(first.body);
  });
});

describe('keys are per company', () => {
  it("lets another company use the same key for its own request, and never shows it the first company's answer", async () => {
    const acmeDpp = await newDpp('acme');
    const globexDpp = await newDpp('globex');
    const k = key();
    const acme = await upload(acmeDpp, k, { name: 'Acme manual' });
    expect(acme.status).toBe(200);
    // Globex replays Acme's very request (Acme's DPP, same fields and file) under Acme's key:
    // it gets its own answer (Acme's DPP does not exist for Globex), not Acme's stored one.
    const probe = await call('POST', acmeDpp.path, {
      token: await tokenFor('globex'),
      headers: { 'idempotency-key': k },
      form: form({ name: 'Acme manual' }, { bytes: pdf, name: 'manual.pdf', type: 'application/pdf' }),
    });
    expect([probe.status, probe.body.code]).toEqual([406, 'DPP_NOT_FOUND']);
    // And the key is free for Globex's own request, with another body than Acme's.
    const globex = await upload(globexDpp, k, { name: 'Globex manual' });
    expect(globex.status).toBe(200);
    expect(globex.headers.get('idempotent-replayed')).toBeNull();
    expect(globex.body.file.id).not.toBe(acme.body.file.id);
    expect(globex.body.file.name).toBe('Globex manual');
    expect((await upload(acmeDpp, k, { name: 'Acme manual' })).body).toEqual(acme.body);
    expect(await written(acmeDpp)).toEqual({ files: 1, objects: 1 });
    expect(await written(globexDpp)).toEqual({ files: 1, objects: 1 });
  });
});

describe('concurrent duplicates', () => {
  // On a busy machine a duplicate may answer 503 with Retry-After (its budget ran out): a correct
  // answer, and a retry with the key stays safe. Whatever the answers: one file at most, one id.
  it('write one file: every answer is that file, 409 IDEMPOTENCY_KEY_IN_PROGRESS or 503', async () => {
    const dpp = await newDpp('acme');
    const k = key();
    const replies = await Promise.all(Array.from({ length: 10 }, () => upload(dpp, k)));
    const ok = replies.filter((r) => r.status === 200);
    const busy = replies.filter((r) => r.status === 409);
    expect(
      replies.filter((r) => ![200, 409].includes(r.status) && !isUnavailable(r)).map((r) => [r.status, r.body]),
    ).toEqual([]);
    expect(new Set(ok.map((r) => r.body.file.id)).size).toBeLessThanOrEqual(1);
    for (const r of busy) expect(r.body).toEqual({ error: expect.any(String), code: 'IDEMPOTENCY_KEY_IN_PROGRESS' });
    // Once the first has finished, a retry gets its answer (or makes the file, if none got through).
    let after = await upload(dpp, k);
    while (after.status === 409 || isUnavailable(after)) {
      await new Promise((wake) => setTimeout(wake, 500));
      after = await upload(dpp, k);
    }
    expect(after.status).toBe(200);
    if (ok.length > 0) expect(after.body.file.id).toBe(ok[0]?.body.file.id);
    expect(await written(dpp)).toEqual({ files: 1, objects: 1 });
  });
});

describe('a malformed key', () => {
  const malformed: Array<[string, string]> = [
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['non-ASCII', 'clé-été'],
    ['a space', 'two words'],
    ['a tab', 'tab\there'],
  ];

  it.each(malformed)('(%s) is 400 INVALID_IDEMPOTENCY_KEY and writes nothing', async (_, bad) => {
    const dpp = await newDpp('acme');
    const reply = await upload(dpp, bad);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('INVALID_IDEMPOTENCY_KEY');
    expect(reply.body.details).toEqual([{ path: 'Idempotency-Key', message: expect.any(String) }]);
    expect(await written(dpp)).toEqual({ files: 0, objects: 0 });
  });

  // fetch refuses to send these, so they go over a raw socket. Node's HTTP parser refuses them
  // before any handler runs (the functions' own check is in test/component/http/middleware).
  it.each([
    ['a control character', 'bell\u0007here'],
    ['DEL', 'del\u007fhere'],
    ['NUL', 'nul\u0000here'],
  ])('(%s) is 400 and writes nothing', async (_, bad) => {
    const dpp = await newDpp('acme');
    const token = await tokenFor('acme');
    const body = Buffer.concat([
      Buffer.from(`--b\r\nContent-Disposition: form-data; name="file"; filename="m.pdf"\r\n\r\n`),
      pdf,
      Buffer.from('\r\n--b--\r\n'),
    ]);
    const head =
      `POST ${dpp.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${body.length}\r\n` +
      `Idempotency-Key: ${bad}\r\nConnection: close\r\n\r\n`;
    const { port, hostname } = new URL(apiUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () =>
        socket.end(Buffer.concat([Buffer.from(head, 'latin1'), body])),
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer.split('\r\n', 1)[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(await written(dpp)).toEqual({ files: 0, objects: 0 });
  });

  it('accepts the longest key, 255 visible ASCII characters', async () => {
    const dpp = await newDpp('acme');
    const longest = Array.from({ length: 255 }, (_, i) => String.fromCharCode(0x21 + (i % 94))).join('');
    const first = await upload(dpp, longest);
    expect(first.status).toBe(200);
    expect((await upload(dpp, longest)).body.file.id).toBe(first.body.file.id);
    expect(await written(dpp)).toEqual({ files: 1, objects: 1 });
  });
});

describe('what is not kept', () => {
  it('changes nothing without the header: two uploads are two files', async () => {
    const dpp = await newDpp('acme');
    expect((await upload(dpp, undefined)).status).toBe(200);
    expect((await upload(dpp, undefined)).status).toBe(200);
    expect(await written(dpp)).toEqual({ files: 2, objects: 2 });
  });

  it('frees the key after a refused request, so a corrected request can use it', async () => {
    const dpp = await newDpp('acme');
    const k = key();
    const refused = await upload(dpp, k, { hash: '0'.repeat(64) });
    expect([refused.status, refused.body.code]).toEqual([400, 'HASH_MISMATCH']);
    expect(await record(dpp.companyId, 'create-dpp-file', k)).toBeUndefined();
    const corrected = await upload(dpp, k);
    expect(corrected.status).toBe(200);
    expect(corrected.headers.get('idempotent-replayed')).toBeNull();
    expect(await written(dpp)).toEqual({ files: 1, objects: 1 });
  });
});

describe('records that no longer bind their key', () => {
  let dpp: Dpp;
  beforeAll(async () => {
    dpp = await newDpp('acme');
  });
  /** Sets attributes of the stored record of `k` (it must exist). */
  /** Sets `attributes` on the key's record; with `unapplied`, also as if its request had died before its effect. */
  const setRecord = (k: string, attributes: Record<string, unknown>, unapplied = false) => {
    const names = Object.keys(attributes);
    return doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.idempotency(dpp.companyId, 'create-dpp-file', k),
        UpdateExpression: `SET ${names.map((_, i) => `#n${i} = :v${i}`).join(', ')}${unapplied ? ' REMOVE applied_at' : ''}`,
        ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#n${i}`, name])),
        ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:v${i}`, attributes[name]])),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
  };

  it('runs a request again when its record is past its 24 hours but not yet deleted by TTL', async () => {
    const k = key();
    const first = await upload(dpp, k);
    await setRecord(k, { ttl: Math.floor(Date.now() / 1000) - 1 });
    const again = await upload(dpp, k, { name: 'A day later' });
    expect(again.status).toBe(200);
    expect(again.body.file.id).not.toBe(first.body.file.id);
    expect(await record(dpp.companyId, 'create-dpp-file', k)).toMatchObject({
      state: 'COMPLETED',
      ttl: expect.toSatisfy((ttl: number) => ttl > Date.now() / 1000 + 23 * 3600),
    });
  });

  it('answers 409 while a claim holds its lock, and takes over a claim whose request died before its effect', async () => {
    const k = key();
    const first = await upload(dpp, k);
    // As if the first request were still running: IN_PROGRESS, lock held for another minute.
    await setRecord(k, { state: 'IN_PROGRESS', locked_until: Date.now() + 60_000 }, true);
    const busy = await upload(dpp, k);
    expect([busy.status, busy.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_IN_PROGRESS']);
    // The request died: its lock lapsed. A retry runs and keeps its own answer.
    await setRecord(k, { locked_until: Date.now() - 1 });
    const retried = await upload(dpp, k);
    expect(retried.status).toBe(200);
    expect(retried.body.file.id).not.toBe(first.body.file.id);
    expect((await upload(dpp, k)).body.file.id).toBe(retried.body.file.id);
  });

  it('never runs again a claim whose request died after its effect: 409 IDEMPOTENCY_KEY_ANSWER_LOST, no second file', async () => {
    const k = key();
    await upload(dpp, k);
    const before = (await fileIds(dpp)).length;
    // The effect landed (its transaction marked the key applied), the answer was never stored, the lock lapsed.
    await setRecord(k, { state: 'IN_PROGRESS', locked_until: Date.now() - 1 });
    const retried = await upload(dpp, k);
    expect([retried.status, retried.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_ANSWER_LOST']);
    expect((await fileIds(dpp)).length).toBe(before);
  });
});
