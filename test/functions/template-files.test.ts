import { describe, expect, it } from 'vitest';
import { call, demo, demoFixture, download, fixture, form, tamper, tokenFor } from '../support/api';

/**
 * Section 4.9: create, list, view, update and delete template files, end to end through
 * the local API, DynamoDB Local and the S3 stand-in.
 */
const acme = demo.acme;
const template = acme.template;
const pdf = fixture('sample.pdf');
const png = fixture('sample.png');

async function create(
  fields: Record<string, string> = {},
  file: { bytes: Buffer; name: string } | null = { bytes: pdf, name: 'guide.pdf' },
) {
  return call('POST', '/create-template-file', {
    token: await tokenFor('acme'),
    form: form(
      {
        template_id: template.id,
        company_id: acme.company.id,
        modelId: template.model_id,
        name: 'Guide',
        description: 'Assembly guide',
        ...fields,
      },
      file ?? undefined,
    ),
  });
}

async function list(templateId = template.id, query = '') {
  return call('GET', `/view-template-files/${templateId}${query}`, { token: await tokenFor('acme') });
}

describe('POST /create-template-file', () => {
  it('stores the file and answers with the template file, created_at and a signed URL', async () => {
    const { status, body } = await create();
    expect(status).toBe(200);
    expect(body).toEqual({
      message: expect.any(String),
      ok: true,
      file: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        template_id: template.id,
        name: 'Guide',
        description: 'Assembly guide',
        path: expect.stringMatching(new RegExp(`^companies/${acme.company.id}/templates/${template.id}/files/`)),
        type: 'application/pdf',
        uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        created_at: expect.stringMatching(/Z$/),
        signedUrl: expect.stringContaining('X-Amz-Expires=900'),
      },
    });
  });

  it('gives a signed URL that downloads exactly the uploaded bytes, and refuses a tampered one', async () => {
    const { body } = await create();
    const ok = await download(body.file.signedUrl);
    expect(ok.status).toBe(200);
    expect(ok.bytes.equals(pdf)).toBe(true);
    expect((await download(tamper(body.file.signedUrl))).status).toBe(403);
  });

  it('takes the type from the bytes, not from the name or the claimed content type', async () => {
    const { body } = await create({}, { bytes: png, name: 'looks-like.pdf' });
    expect(body.file.type).toBe('image/png');
  });

  it('names the file after the upload when no name is sent', async () => {
    const { body } = await create({ name: '' }, { bytes: png, name: 'label.png' });
    expect(body.file.name).toBe('label.png');
  });

  it('rejects a disallowed format with 400 and stores nothing', async () => {
    const before = (await list()).body.files.length;
    const zip = Buffer.from('504b0304140000000800', 'hex');
    const { status, body } = await create({}, { bytes: zip, name: 'archive.pdf' });
    expect(status).toBe(400);
    expect(body.code).toBe('INVALID_FILE_FORMAT');
    expect((await list()).body.files.length).toBe(before);
  });

  it('rejects a file over 4 MiB with 413', async () => {
    const big = Buffer.concat([pdf, Buffer.alloc(4 * 1024 * 1024)]);
    const { status, body } = await create({}, { bytes: big, name: 'big.pdf' });
    expect(status).toBe(413);
    expect(body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 400 when no file is sent', async () => {
    const { status, body } = await create({}, null);
    expect(status).toBe(400);
    expect(body.code).toBe('NO_FILE');
  });

  it('answers 400 for a body that is not multipart, or is broken multipart', async () => {
    const token = await tokenFor('acme');
    const asJson = await call('POST', '/create-template-file', {
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ template_id: template.id }),
    });
    expect(asJson.status).toBe(400);
    const broken = await call('POST', '/create-template-file', {
      token,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="template_id"\r\n\r\nunterminated',
    });
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe('MALFORMED_BODY');
  });

  it('answers 400 for a body cut off inside the file part, and keeps serving', async () => {
    const token = await tokenFor('acme');
    const cut = Buffer.concat([
      Buffer.from(`--cut\r\nContent-Disposition: form-data; name="template_id"\r\n\r\n${template.id}\r\n`),
      Buffer.from(
        '--cut\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n',
      ),
      pdf.subarray(0, 100),
    ]);
    const { status, body } = await call('POST', '/create-template-file', {
      token,
      headers: { 'content-type': 'multipart/form-data; boundary=cut' },
      body: cut,
    });
    expect(status).toBe(400);
    expect(body.code).toBe('MALFORMED_BODY');
    expect((await list()).status).toBe(200);
  });

  it('refuses two files in one request with 400 instead of keeping one', async () => {
    const fields = form({ template_id: template.id, company_id: acme.company.id }, { bytes: pdf, name: 'a.pdf' });
    fields.append('file', new Blob([png]), 'b.png');
    const { status, body } = await call('POST', '/create-template-file', {
      token: await tokenFor('acme'),
      form: fields,
    });
    expect(status).toBe(400);
    expect(body.code).toBe('TOO_MANY_FILES');
  });

  it('answers 400 with details when template_id is missing or not a UUID', async () => {
    const { status, body } = await create({ template_id: 'nope' });
    expect(status).toBe(400);
    expect(body.details).toEqual([{ path: 'template_id', message: expect.any(String) }]);
  });

  it('answers 406 for a template that does not exist, and leaves no object behind', async () => {
    const { status, body } = await create({ template_id: '5d1e8c2a-0000-4000-8000-000000000000' });
    expect(status).toBe(406);
    expect(body.code).toBe('TEMPLATE_NOT_FOUND');
  });
});

describe('GET /view-template-files/{templateId}', () => {
  it('lists template files with created_at and without signed URLs', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['files']);
    const seeded = body.files.find((f: { id: string }) => f.id === template.files[0]!.id);
    expect(seeded).toEqual({
      id: template.files[0]!.id,
      template_id: template.id,
      name: template.files[0]!.name,
      description: template.files[0]!.description,
      path: expect.any(String),
      type: 'application/pdf',
      uuid: expect.any(String),
      created_at: '2026-11-01T09:00:00.005Z', // the time of its UUIDv7 id (demo-data.json)
    });
  });

  it('pages with limit and an opaque cursor, each file once and in order', async () => {
    await create();
    await create();
    const all = (await list()).body.files.map((f: { id: string }) => f.id);
    const seen: string[] = [];
    let query = '?limit=2';
    for (let page = 0; page < 50; page++) {
      const { status, body } = await list(template.id, query);
      expect(status).toBe(200);
      expect(body.files.length).toBeLessThanOrEqual(2);
      seen.push(...body.files.map((f: { id: string }) => f.id));
      if (!body.nextCursor) break;
      query = `?limit=2&cursor=${encodeURIComponent(body.nextCursor)}`;
    }
    // Other test files may add files meanwhile; those come after (ids are time-ordered).
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(0, all.length)).toEqual(all);
  });

  it.each(['?limit=0', '?limit=101', '?limit=x', '?cursor=garbage'])('rejects %s with 400', async (query) => {
    expect((await list(template.id, query)).status).toBe(400);
  });

  it('answers 406 for a template that does not exist', async () => {
    const { status } = await list('5d1e8c2a-0000-4000-8000-000000000000');
    expect(status).toBe(406);
  });
});

describe('GET /view-template-file/{templateId}/file/{fileId}', () => {
  it('returns the file with created_at and a signed URL that downloads its bytes', async () => {
    const seeded = template.files[0]!;
    const { status, body } = await call('GET', `/view-template-file/${template.id}/file/${seeded.id}`, {
      token: await tokenFor('acme'),
    });
    expect(status).toBe(200);
    expect(Object.keys(body.file).sort()).toEqual(
      ['created_at', 'description', 'id', 'name', 'path', 'signedUrl', 'template_id', 'type', 'uuid'].sort(),
    );
    expect((await download(body.file.signedUrl)).bytes.equals(demoFixture(seeded.fixture))).toBe(true);
  });

  it('answers 406 for a file that does not exist', async () => {
    const { status } = await call(
      'GET',
      `/view-template-file/${template.id}/file/7a4c2e1f-0000-4000-8000-000000000000`,
      { token: await tokenFor('acme') },
    );
    expect(status).toBe(406);
  });
});

describe('PUT /update-template-file/{templateId}/file/{fileId}', () => {
  const update = async (fileId: string, fields: Record<string, string>, file?: { bytes: Buffer; name: string }) =>
    call('PUT', `/update-template-file/${template.id}/file/${fileId}`, {
      token: await tokenFor('acme'),
      form: form(fields, file),
    });

  it('renames and re-describes, answering updated_at instead of created_at', async () => {
    const created = (await create()).body.file;
    const { status, body } = await update(created.id, { name: 'Renamed', description: 'New words' });
    expect(status).toBe(200);
    expect(body.ok).toBe(true);
    expect(body.file).toMatchObject({
      id: created.id,
      name: 'Renamed',
      description: 'New words',
      path: created.path,
      uuid: created.uuid,
    });
    expect(body.file.updated_at).toEqual(expect.any(String));
    expect(body.file).not.toHaveProperty('created_at');
    expect(body.file.signedUrl).toEqual(expect.any(String));
  });

  it('replaces the bytes: new object, new uuid, and the superseded object is released', async () => {
    const created = (await create()).body.file;
    const { status, body } = await update(created.id, {}, { bytes: png, name: 'label.png' });
    expect(status).toBe(200);
    expect(body.file.type).toBe('image/png');
    expect(body.file.uuid).not.toBe(created.uuid);
    expect(body.file.path).not.toBe(created.path);
    expect((await download(body.file.signedUrl)).bytes.equals(png)).toBe(true);
    expect((await download(created.signedUrl)).status).toBe(404);
  });

  it('rejects a disallowed replacement with 400 and keeps the file as it was', async () => {
    const created = (await create()).body.file;
    const { status } = await update(
      created.id,
      { name: 'Should not stick' },
      { bytes: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1]), name: 'a.out' },
    );
    expect(status).toBe(400);
    const after = await call('GET', `/view-template-file/${template.id}/file/${created.id}`, {
      token: await tokenFor('acme'),
    });
    expect(after.body.file).toMatchObject({ name: 'Guide', path: created.path });
  });

  it('answers 400 when nothing is sent to update', async () => {
    const created = (await create()).body.file;
    const { status, body } = await update(created.id, { company_id: acme.company.id });
    expect(status).toBe(400);
    expect(body.code).toBe('NOTHING_TO_UPDATE');
  });

  it('answers 406 for a file that does not exist', async () => {
    const { status } = await update('7a4c2e1f-0000-4000-8000-000000000000', { name: 'x' });
    expect(status).toBe(406);
  });
});

describe('DELETE /delete-template-file/{templateId}/file/{fileId}', () => {
  it('removes the file from the database and its bytes from storage', async () => {
    const created = (await create()).body.file;
    const token = await tokenFor('acme');
    const { status, body } = await call('DELETE', `/delete-template-file/${template.id}/file/${created.id}`, { token });
    expect(status).toBe(200);
    expect(body).toEqual({ message: expect.stringContaining(created.id), ok: true });
    expect((await call('GET', `/view-template-file/${template.id}/file/${created.id}`, { token })).status).toBe(406);
    expect((await download(created.signedUrl)).status).toBe(404);
  });

  it('answers 406 when the file is already gone', async () => {
    const created = (await create()).body.file;
    const token = await tokenFor('acme');
    await call('DELETE', `/delete-template-file/${template.id}/file/${created.id}`, { token });
    const again = await call('DELETE', `/delete-template-file/${template.id}/file/${created.id}`, { token });
    expect(again.status).toBe(406);
  });
});
