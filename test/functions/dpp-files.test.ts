import { createHash } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  call,
  demo,
  download,
  fixture,
  form,
  localBucketClient,
  localEnv,
  localTable,
  tamper,
  tokenFor,
} from '../support/api';

/** Section 4.10: DPP files end to end through the local API and engines. */
const acme = demo.acme;
const dpp = acme.dpp;
const base = `/models/${dpp.model_id}`;
const pdf = fixture('sample.pdf');
const png = fixture('sample.png');
const s3 = localBucketClient();
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function upload(
  fields: Record<string, string> = {},
  file: { bytes: Buffer; name: string } | null = { bytes: pdf, name: 'doc.pdf' },
  path = `${base}/dpps/${dpp.id}/upload-file`,
) {
  return call('POST', path, {
    token: await tokenFor('acme'),
    form: form({ name: 'Doc', description: 'A document', ...fields }, file ?? undefined),
  });
}
const fileUrl = (verb: string, fileId: string, dppId = dpp.id, model = dpp.model_id) =>
  `/models/${model}/${verb}-dpp-file/${dppId}/file/${fileId}`;

describe('POST /models/{modelId}/dpps/{dppId}/upload-file', () => {
  it('stores the file and answers with the DPP file and a signed URL', async () => {
    const { status, body } = await upload({ dpp_id: dpp.id, model_id: dpp.model_id, user_id: acme.admin.id });
    expect(status).toBe(200);
    expect(body).toEqual({
      message: expect.any(String),
      ok: true,
      file: {
        id: expect.any(String),
        dpp_id: dpp.id,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        updated_at: expect.any(String),
        created_by: acme.admin.id,
        description: 'A document',
        name: 'Doc',
        path: expect.stringMatching(new RegExp(`^companies/${acme.company.id}/dpps/${dpp.id}/files/`)),
        type: 'application/pdf',
        hash: sha256(pdf),
        notarized: false,
        access_tier: 'public',
        signedUrl: expect.stringContaining('X-Amz-Signature='),
      },
    });
    expect((await download(body.file.signedUrl)).bytes.equals(pdf)).toBe(true);
    expect((await download(tamper(body.file.signedUrl))).status).toBe(403);
  });

  it('accepts the client hash when it is the SHA-256 of the bytes, and refuses it otherwise', async () => {
    expect((await upload({ hash: sha256(pdf) })).status).toBe(200);
    const wrong = await upload({ hash: sha256(png) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('HASH_MISMATCH');
  });

  it('answers 400 when no file is provided', async () => {
    const { status, body } = await upload({}, null);
    expect(status).toBe(400);
    expect(body.code).toBe('NO_FILE');
  });

  it('answers 400 when the body repeats the path ids differently', async () => {
    const { status, body } = await upload({ dpp_id: acme.otherDpp.id });
    expect(status).toBe(400);
    expect(body.details).toEqual([{ path: 'dpp_id', message: expect.any(String) }]);
  });

  it('answers 403 when user_id is not the user of the token', async () => {
    expect((await upload({ user_id: acme.company.users[1]!.id })).status).toBe(403);
  });

  it('answers 406 for a DPP that does not exist or is not of that model', async () => {
    expect((await upload({}, undefined, `${base}/dpps/no-such-dpp/upload-file`)).status).toBe(406);
    const otherModel = `/models/9c8b7a6f-0000-4000-8000-000000000000/dpps/${dpp.id}/upload-file`;
    expect((await upload({}, undefined, otherModel)).status).toBe(406);
  });

  it('rejects a disallowed format (400) and an oversized file (413), storing nothing', async () => {
    const token = await tokenFor('acme');
    const before = (await call('GET', `/view-dpp-files/${acme.otherDpp.id}`, { token })).body.files.length;
    const other = `${base}/dpps/${acme.otherDpp.id}/upload-file`;
    expect((await upload({}, { bytes: Buffer.from('MZ\x90\x00', 'binary'), name: 'x.pdf' }, other)).status).toBe(400);
    expect(
      (await upload({}, { bytes: Buffer.concat([pdf, Buffer.alloc(4 * 1024 * 1024)]), name: 'big.pdf' }, other)).status,
    ).toBe(413);
    expect((await call('GET', `/view-dpp-files/${acme.otherDpp.id}`, { token })).body.files.length).toBe(before);
  });

  it('refuses an unknown part (tier for access_tier) with a 400 naming it, storing nothing', async () => {
    const token = await tokenFor('acme');
    const prefix = `companies/${acme.company.id}/dpps/${acme.otherDpp.id}/files/`;
    const objects = async () =>
      (await s3.send(new ListObjectsV2Command({ Bucket: localEnv.BUCKET_NAME ?? '', Prefix: prefix }))).KeyCount ?? 0;
    const files = async () => (await call('GET', `/view-dpp-files/${acme.otherDpp.id}`, { token })).body.files.length;
    const [filesBefore, objectsBefore] = [await files(), await objects()];
    const { status, body } = await upload(
      { tier: 'legitimate_interest' },
      undefined,
      `${base}/dpps/${acme.otherDpp.id}/upload-file`,
    );
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details).toEqual([{ path: 'tier', message: expect.stringContaining('access_tier') }]);
    expect([await files(), await objects()]).toEqual([filesBefore, objectsBefore]);
  });
});

describe('GET /view-dpp-files/{dppId}', () => {
  it('lists the files of the DPP, each with a url that downloads it', async () => {
    const { status, body } = await call('GET', `/view-dpp-files/${dpp.id}`, { token: await tokenFor('acme') });
    expect(status).toBe(200);
    const manual = body.files.find((f: { id: string }) => f.id === dpp.files[0]!.id);
    expect(Object.keys(manual).sort()).toEqual(
      [
        'access_tier',
        'created_at',
        'created_by',
        'description',
        'dpp_id',
        'hash',
        'id',
        'name',
        'notarized',
        'path',
        'type',
        'updated_at',
        'url',
      ].sort(),
    );
    expect(manual.access_tier).toBe('public');
    expect((await download(manual.url)).bytes.equals(pdf)).toBe(true);
  });

  it('lists oldest first, seeded and new files alike: in created_at order, the new upload last', async () => {
    const token = await tokenFor('acme');
    const added = (await upload({ name: 'Newest' })).body.file;
    const { body } = await call('GET', `/view-dpp-files/${dpp.id}`, { token });
    const files: Array<{ id: string; created_at: string }> = body.files;
    expect(body.nextCursor).toBeUndefined();
    const times = files.map((f) => f.created_at);
    expect(times).toEqual([...times].sort());
    // The seeded files first, in the order demo-data.json lists them (their ids are UUIDv7s of the seed time).
    expect(files.slice(0, dpp.files.length).map((f) => f.id)).toEqual(dpp.files.map((f) => f.id));
    // Then the new file last: only a file that another test file uploaded to this DPP after
    // it (get-dpp.test.ts adds one, in parallel) may follow it, and then only a newer one.
    const at = files.findIndex((f) => f.id === added.id);
    expect(at).toBeGreaterThan(dpp.files.length - 1);
    expect(files.slice(at + 1).filter((f) => f.created_at < added.created_at)).toEqual([]);
  });

  it('pages with limit and cursor', async () => {
    const token = await tokenFor('acme');
    const first = await call('GET', `/view-dpp-files/${dpp.id}?limit=1`, { token });
    expect(first.body.files).toHaveLength(1);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await call(
      'GET',
      `/view-dpp-files/${dpp.id}?limit=1&cursor=${encodeURIComponent(first.body.nextCursor)}`,
      { token },
    );
    expect(second.status).toBe(200);
    expect(second.body.files[0].id).not.toBe(first.body.files[0].id);
  });

  it('refuses a cursor taken from another DPP', async () => {
    const token = await tokenFor('acme');
    const other = await call('GET', `/view-dpp-files/${dpp.id}?limit=1`, { token });
    const { status, body } = await call(
      'GET',
      `/view-dpp-files/${acme.otherDpp.id}?cursor=${encodeURIComponent(other.body.nextCursor)}`,
      { token },
    );
    expect(status).toBe(400);
    expect(body.code).toBe('INVALID_CURSOR');
  });

  it('answers 406 for a DPP that does not exist', async () => {
    expect((await call('GET', '/view-dpp-files/no-such-dpp', { token: await tokenFor('acme') })).status).toBe(406);
  });
});

describe('GET /models/{modelId}/view-dpp-file/{dppId}/file/{fileId}', () => {
  it('returns the file as a one-element array with a url', async () => {
    const { status, body } = await call('GET', fileUrl('view', dpp.files[1]!.id), { token: await tokenFor('acme') });
    expect(status).toBe(200);
    expect(body.file).toHaveLength(1);
    expect(body.file[0]).toMatchObject({ id: dpp.files[1]!.id, type: 'text/csv', url: expect.any(String) });
  });

  it('answers 406 for an unknown file and for the wrong model', async () => {
    const token = await tokenFor('acme');
    expect((await call('GET', fileUrl('view', 'no-such-file'), { token })).status).toBe(406);
    expect(
      (await call('GET', fileUrl('view', dpp.files[1]!.id, dpp.id, '9c8b7a6f-0000-4000-8000-000000000000'), { token }))
        .status,
    ).toBe(406);
  });
});

describe('PUT /models/{modelId}/update-dpp-file/{dppId}/file/{fileId}', () => {
  it('updates name and description and answers the file as an array with a signed URL', async () => {
    const created = (await upload()).body.file;
    const { status, body } = await update(created.id, {
      company_id: acme.company.id,
      name: 'Manual v2',
      description: 'Second edition',
    });
    expect(status).toBe(200);
    expect(body.ok).toBe(true);
    expect(body.file).toHaveLength(1);
    expect(body.file[0]).toMatchObject({
      id: created.id,
      name: 'Manual v2',
      description: 'Second edition',
      created_at: created.created_at,
      signedUrl: expect.any(String),
    });
    expect(body.file[0].updated_at > created.updated_at).toBe(true);
  });

  it('replaces the bytes and checks the hash of the new bytes', async () => {
    const created = (await upload()).body.file;
    expect((await update(created.id, { hash: sha256(pdf) }, { bytes: png, name: 'p.png' })).status).toBe(400);
    const { status, body } = await update(created.id, { hash: sha256(png) }, { bytes: png, name: 'p.png' });
    expect(status).toBe(200);
    expect(body.file[0]).toMatchObject({ type: 'image/png', hash: sha256(png) });
    expect((await download(body.file[0].signedUrl)).bytes.equals(png)).toBe(true);
    expect((await download(created.signedUrl)).status).toBe(404);
  });

  it('answers 400 when required fields are missing and 403 for another company_id', async () => {
    const created = (await upload()).body.file;
    expect((await update(created.id, {})).status).toBe(400);
    expect((await update(created.id, { name: 'x', company_id: demo.globex.company.id })).status).toBe(403);
  });

  it('answers 406 for a file that does not exist', async () => {
    expect((await update('no-such-file', { name: 'x' })).status).toBe(406);
  });
});

describe('DELETE /models/{modelId}/delete-dpp-file/{dppId}/file/{fileId}', () => {
  it('deletes the record and its bytes, with a message naming the file and the DPP', async () => {
    const created = (await upload()).body.file;
    const token = await tokenFor('acme');
    const { status, body } = await call('DELETE', fileUrl('delete', created.id), { token });
    expect(status).toBe(200);
    expect(body.ok).toBe(true);
    expect(body.message).toContain(created.id);
    expect(body.message).toContain(dpp.id);
    expect(body.message).toMatch(/deleted/);
    expect((await call('GET', fileUrl('view', created.id), { token })).status).toBe(406);
    expect((await download(created.signedUrl)).status).toBe(404);
  });

  it('keeps bytes a DPP version pinned retrievable after update and delete', async () => {
    const created = (await upload()).body.file;
    // What POST /version/{dppId}/create will do: pin the file's current object.
    const { doc, tableName } = localTable();
    await doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { pk: `DPP#${dpp.id}`, sk: `DPP_FILE#${created.id}` },
        UpdateExpression: 'ADD pinned_paths :p',
        ExpressionAttributeValues: { ':p': new Set([created.path]) },
      }),
    );
    const replaced = await update(created.id, {}, { bytes: png, name: 'new.png' });
    expect(replaced.status).toBe(200);
    const token = await tokenFor('acme');
    expect((await call('DELETE', fileUrl('delete', created.id), { token })).status).toBe(200);
    // the pinned original is still there; the unpinned replacement is gone
    expect((await download(created.signedUrl)).bytes.equals(pdf)).toBe(true);
    expect((await download(replaced.body.file[0].signedUrl)).status).toBe(404);
  });

  it('answers 406 when the file or the DPP does not exist', async () => {
    const token = await tokenFor('acme');
    expect((await call('DELETE', fileUrl('delete', 'no-such-file'), { token })).status).toBe(406);
    expect((await call('DELETE', fileUrl('delete', dpp.files[0]!.id, 'no-such-dpp'), { token })).status).toBe(406);
  });
});

async function update(fileId: string, fields: Record<string, string>, file?: { bytes: Buffer; name: string }) {
  return call('PUT', fileUrl('update', fileId), { token: await tokenFor('acme'), form: form(fields, file) });
}
