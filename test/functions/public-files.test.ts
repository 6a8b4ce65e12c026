import { randomUUID } from 'node:crypto';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import * as keys from '../../lib/data/keys';
import { apiUrl, call, demo, fixture, form, localTable, putTestDpp, tokenFor } from '../support/api';
import { checkResponse } from '../support/contract-check';

/**
 * The public downloads of a published DPP's files and images (GET /dpp/{dppId}/files/{fileId},
 * GET /dpp/{dppId}/images/{imageId}): a 307 to a short-lived signed URL of the bytes, the address
 * the public JSON view names as `url`; every other case the same 404, and never a cookie.
 */
const pdf = fixture('sample.pdf');
const png = fixture('sample.png');
const acme = demo.acme;

/** One request that does not follow redirects, checked against the contract like `call()`. */
async function get(path: string) {
  const response = await fetch(`${apiUrl}${path}`, { redirect: 'manual' });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // a redirect: no body
  }
  checkResponse('GET', path, response.status, body, response.headers);
  return { status: response.status, headers: response.headers, body: body as { code?: string } };
}

const bytesAt = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

let token: string;
let dppId: string;
let fileId: string;
let imageId: string;

async function addFile(dpp: string): Promise<string> {
  const { status, body } = await call('POST', `/models/${acme.dpp.model_id}/dpps/${dpp}/upload-file`, {
    token,
    form: form({ name: 'Manual' }, { bytes: pdf, name: 'manual.pdf' }),
  });
  expect(status).toBe(200);
  return body.file.id;
}

async function addImage(dpp: string): Promise<string> {
  const { status, body } = await call('POST', `/dpps/${dpp}/images`, {
    token,
    form: form({}, { bytes: png, name: 'photo.png' }),
  });
  expect(status).toBe(200);
  return body.image.uuid;
}

const setPublished = async (dpp: string, published: boolean) => {
  const { doc, tableName } = localTable();
  await doc.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.dpp(dpp),
      UpdateExpression: 'SET published = :p',
      ExpressionAttributeValues: { ':p': published },
    }),
  );
};

const fresh = async () =>
  (await putTestDpp('public-files', { company_id: acme.company.id, model_id: acme.dpp.model_id })).id;

beforeAll(async () => {
  token = await tokenFor('acme');
  dppId = await fresh();
  fileId = await addFile(dppId);
  imageId = await addImage(dppId);
});

describe('GET /dpp/{dppId}/files/{fileId} and /images/{imageId}', () => {
  it('redirects (307) a published DPP’s file to a short-lived URL whose target is the file’s bytes, without a cookie', async () => {
    const { status, headers } = await get(`/dpp/${dppId}/files/${fileId}`);
    expect(status).toBe(307);
    expect(headers.get('set-cookie')).toBeNull();
    expect(headers.get('cache-control')).toBe('public, max-age=60');
    const location = headers.get('location')!;
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('300');
    expect((await bytesAt(location)).equals(pdf)).toBe(true);
  });

  it('names the download after the file (RFC 6266): the public redirect and the owner’s signed URL alike', async () => {
    const { body } = await call('POST', `/models/${acme.dpp.model_id}/dpps/${dppId}/upload-file`, {
      token,
      form: form({ name: 'Scheda – sicurezza' }, { bytes: pdf, name: 'scheda.pdf' }),
    });
    const expected = `attachment; filename="Scheda _ sicurezza.pdf"; filename*=UTF-8''Scheda%20%E2%80%93%20sicurezza.pdf`;
    const owner = await fetch(body.file.signedUrl);
    expect(owner.status).toBe(200);
    expect(owner.headers.get('content-disposition')).toBe(expected);
    const { headers } = await get(`/dpp/${dppId}/files/${body.file.id}`);
    const download = await fetch(headers.get('location') ?? '');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(expected);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('answers HEAD like GET, the 307 and its headers without a body, for a file and an image', async () => {
    for (const path of [`/dpp/${dppId}/files/${fileId}`, `/dpp/${dppId}/images/${imageId}`]) {
      const head = await fetch(`${apiUrl}${path}`, { method: 'HEAD', redirect: 'manual' });
      expect(head.status).toBe(307);
      expect(await head.text()).toBe('');
      expect(head.headers.get('cache-control')).toBe('public, max-age=60');
      expect(new URL(head.headers.get('location')!).pathname).toMatch(/\/companies\//);
    }
    const unknown = await fetch(`${apiUrl}/dpp/${dppId}/files/${randomUUID()}`, { method: 'HEAD', redirect: 'manual' });
    expect(unknown.status).toBe(404);
  });

  it('redirects a published DPP’s image to its bytes', async () => {
    const { status, headers } = await get(`/dpp/${dppId}/images/${imageId}`);
    expect(status).toBe(307);
    expect(headers.get('set-cookie')).toBeNull();
    expect((await bytesAt(headers.get('location')!)).equals(png)).toBe(true);
  });

  it('names these addresses as `url` in the public JSON view, and they download the bytes as a browser follows them', async () => {
    const { body } = await call('GET', `/dpp/${dppId}`);
    const file = body.dpp.files.find((f: { id: string }) => f.id === fileId);
    const image = body.dpp.images.find((i: { uuid: string }) => i.uuid === imageId);
    expect(file.url).toBe(`${apiUrl}/dpp/${dppId}/files/${fileId}`);
    expect(image.url).toBe(`${apiUrl}/dpp/${dppId}/images/${imageId}`);
    expect((await bytesAt(file.url)).equals(pdf)).toBe(true);
    expect((await bytesAt(image.url)).equals(png)).toBe(true);
  });

  it('answers an unpublished DPP’s file and image like unknown ones (404), then redirects again once published', async () => {
    const dpp = await fresh();
    const [file, image] = [await addFile(dpp), await addImage(dpp)];
    await setPublished(dpp, false);
    const [hiddenFile, hiddenImage] = [
      await get(`/dpp/${dpp}/files/${file}`),
      await get(`/dpp/${dpp}/images/${image}`),
    ];
    const [unknownFile, unknownImage] = [
      await get(`/dpp/${dpp}/files/no-such-file`),
      await get(`/dpp/${dpp}/images/no-such-image`),
    ];
    expect([hiddenFile.status, hiddenImage.status]).toEqual([404, 404]);
    expect(hiddenFile.body).toEqual(unknownFile.body);
    expect(hiddenImage.body).toEqual(unknownImage.body);
    expect(hiddenFile.headers.get('set-cookie')).toBeNull();
    await setPublished(dpp, true);
    expect((await get(`/dpp/${dpp}/files/${file}`)).status).toBe(307);
  });

  it('answers a deleted file and image 404', async () => {
    const dpp = await fresh();
    const [file, image] = [await addFile(dpp), await addImage(dpp)];
    const deletedFile = await call('DELETE', `/models/${acme.dpp.model_id}/delete-dpp-file/${dpp}/file/${file}`, {
      token,
    });
    const deletedImage = await call('DELETE', `/dpps/${dpp}/images/${image}`, { token });
    expect([deletedFile.status, deletedImage.status]).toEqual([200, 200]);
    expect((await get(`/dpp/${dpp}/files/${file}`)).status).toBe(404);
    expect((await get(`/dpp/${dpp}/images/${image}`)).status).toBe(404);
  });

  it('answers another DPP’s file or image id, an unknown DPP and a deleted DPP 404, as an unknown id', async () => {
    const other = await fresh();
    const unknown = await get(`/dpp/${other}/files/no-such-file`);
    expect(unknown.body).toMatchObject({ code: 'DPP_FILE_NOT_FOUND' });
    expect(await get(`/dpp/${other}/files/${fileId}`)).toMatchObject({ status: 404, body: unknown.body });
    expect((await get(`/dpp/${other}/images/${imageId}`)).status).toBe(404);
    expect((await get(`/dpp/no-such-dpp/files/${fileId}`)).status).toBe(404);
    const gone = await fresh();
    const goneFile = await addFile(gone);
    const { doc, tableName } = localTable();
    await doc.send(new DeleteCommand({ TableName: tableName, Key: keys.dpp(gone) }));
    expect(await get(`/dpp/${gone}/files/${goneFile}`)).toMatchObject({ status: 404, body: unknown.body });
  });
});
