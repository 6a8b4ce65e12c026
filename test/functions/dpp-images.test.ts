import { createHash, randomUUID } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../lib/limits';
import {
  call,
  demo,
  download,
  fixture,
  form,
  localBucketClient,
  localEnv,
  putTestDpp,
  type Tenant,
  tokenFor,
} from '../support/api';

/**
 * Authoring: a DPP's images through POST and DELETE /dpps/{dppId}/images, end to
 * end over HTTP and the local bucket. Each test adds images to a DPP of its own.
 */
const png = fixture('sample.png');
const pdf = fixture('sample.pdf');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** The other image types, by their signatures (the type is detected from the first bytes only). */
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 2)]);
const webp = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x40, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(56, 3),
]);

const s3 = localBucketClient();

const newDpp = async (tenant: Tenant = 'acme') =>
  (await putTestDpp('images', { company_id: demo[tenant].company.id, model_id: demo[tenant].dpp.model_id })).id;

async function addImage(
  dppId: string,
  file: { bytes: Buffer; name: string; type?: string } | null = { bytes: png, name: 'photo.png' },
  options: { tenant?: Tenant; fields?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  return call('POST', `/dpps/${dppId}/images`, {
    token: await tokenFor(options.tenant ?? 'acme'),
    form: form(options.fields ?? {}, file ?? undefined),
    headers: options.headers,
  });
}
const deleteImage = async (dppId: string, imageId: string, tenant: Tenant = 'acme') =>
  call('DELETE', `/dpps/${dppId}/images/${imageId}`, { token: await tokenFor(tenant) });

/** The images the public passport shows, without their signed URLs. */
const passportImages = async (dppId: string) =>
  ((await call('GET', `/dpp/${dppId}`)).body.dpp.images as Array<{ uuid: string; type: string }>).map(
    ({ uuid, type }) => ({ uuid, type }),
  );

/** The objects under the images of a DPP of this company. */
async function storedImages(dppId: string, companyId = demo.acme.company.id): Promise<string[]> {
  const prefix = `companies/${companyId}/dpps/${dppId}/images/`;
  const page = await s3.send(new ListObjectsV2Command({ Bucket: localEnv.BUCKET_NAME, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key!.slice(prefix.length));
}

describe('POST /dpps/{dppId}/images', () => {
  it('stores the image and answers it as the passport shows it, with a signed URL to its bytes', async () => {
    const dppId = await newDpp();
    const { status, body } = await addImage(dppId);
    expect(status).toBe(200);
    expect(body).toEqual({
      message: expect.stringContaining(body.image.uuid),
      ok: true,
      image: { uuid: expect.any(String), type: 'image/png', image: expect.stringContaining('X-Amz-Signature=') },
    });
    expect((await download(body.image.image)).bytes.equals(png)).toBe(true);
    expect(await passportImages(dppId)).toEqual([{ uuid: body.image.uuid, type: 'image/png' }]);
    expect(await storedImages(dppId)).toEqual([body.image.uuid]);
  });

  it.each([
    ['JPEG', jpeg, 'image/jpeg'],
    ['GIF', gif, 'image/gif'],
    ['WebP', webp, 'image/webp'],
  ])('takes a %s image, its type detected from the bytes', async (_, bytes, type) => {
    const dppId = await newDpp();
    const { status, body } = await addImage(dppId, { bytes, name: 'image.bin', type: 'application/octet-stream' });
    expect(status).toBe(200);
    expect(body.image.type).toBe(type);
  });

  it('goes by the bytes, not the name or the claimed type: PNG bytes named .pdf are a PNG', async () => {
    const { body } = await addImage(await newDpp(), { bytes: png, name: 'scan.pdf', type: 'application/pdf' });
    expect(body.image.type).toBe('image/png');
  });

  it.each([
    ['a PDF', pdf],
    ['plain text', Buffer.from('hello, this is not an image\n')],
    ['a CSV', fixture('sample.csv')],
    ['a ZIP', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0])],
  ])('answers 400 INVALID_FILE_FORMAT for %s sent as image/png, and stores nothing', async (_, bytes) => {
    const dppId = await newDpp();
    const { status, body } = await addImage(dppId, { bytes, name: 'image.png', type: 'image/png' });
    expect(status).toBe(400);
    expect(body).toEqual({
      error: 'invalid file format: allowed are PNG, JPEG, WebP and GIF',
      code: 'INVALID_FILE_FORMAT',
    });
    expect(await passportImages(dppId)).toEqual([]);
    expect(await storedImages(dppId)).toEqual([]);
  });

  it('answers 400 without a file, with an empty one, with two, or with a wrong hash, storing nothing', async () => {
    const dppId = await newDpp();
    expect((await addImage(dppId, null)).body.code).toBe('NO_FILE');
    expect((await addImage(dppId, { bytes: Buffer.alloc(0), name: 'empty.png' })).body.code).toBe('EMPTY_FILE');
    const two = new FormData();
    two.append('file', new Blob([png]), 'a.png');
    two.append('file', new Blob([png]), 'b.png');
    const twice = await call('POST', `/dpps/${dppId}/images`, { token: await tokenFor('acme'), form: two });
    expect([twice.status, twice.body.code]).toEqual([400, 'TOO_MANY_FILES']);
    const wrongHash = await addImage(dppId, undefined, { fields: { hash: sha256(pdf) } });
    expect([wrongHash.status, wrongHash.body.code]).toEqual([400, 'HASH_MISMATCH']);
    expect((await addImage(dppId, undefined, { fields: { hash: sha256(png) } })).status).toBe(200);
    expect(await passportImages(dppId)).toHaveLength(1);
    expect(await storedImages(dppId)).toHaveLength(1);
  });

  it('answers 413 for an image over 4 MiB, and stores nothing', async () => {
    const dppId = await newDpp();
    const big = Buffer.concat([png, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - png.length)]);
    const { status, body } = await addImage(dppId, { bytes: big, name: 'big.png' });
    expect([status, body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(await storedImages(dppId)).toEqual([]);
  });

  it('answers 404 for an unknown DPP and another company’s alike, and leaves no object behind', async () => {
    const unknownId = `no-such-dpp-${randomUUID()}`;
    const unknown = await addImage(unknownId);
    const foreign = await addImage(demo.globex.dpp.id);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'DPP not found', code: 'DPP_NOT_FOUND' });
    expect(foreign.body).toEqual(unknown.body);
    // The bytes are written first (under the caller's company), then removed when the item is refused.
    expect(await storedImages(unknownId)).toEqual([]);
    expect(await storedImages(demo.globex.dpp.id)).toEqual([]);
    expect(await passportImages(demo.globex.dpp.id)).toEqual([
      { uuid: demo.globex.dpp.images[0]!.id, type: 'image/png' },
    ]);
  });

  it('answers a retry with the same Idempotency-Key with the first answer, storing one image', async () => {
    const dppId = await newDpp();
    const headers = { 'idempotency-key': `image-${randomUUID()}` };
    const first = await addImage(dppId, undefined, { headers });
    const again = await addImage(dppId, undefined, { headers });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await storedImages(dppId)).toEqual([first.body.image.uuid]);
    expect((await addImage(dppId, { bytes: gif, name: 'other.gif' }, { headers })).status).toBe(422);
  });
});

describe('DELETE /dpps/{dppId}/images/{imageId}', () => {
  it('deletes the image and its bytes: the passport no longer shows it, and a second delete is 404', async () => {
    const dppId = await newDpp();
    const kept = (await addImage(dppId)).body.image;
    const image = (await addImage(dppId, { bytes: gif, name: 'a.gif' })).body.image;
    const { status, body } = await deleteImage(dppId, image.uuid);
    expect(status).toBe(200);
    expect(body).toEqual({ message: expect.stringContaining(image.uuid), ok: true });
    expect(await passportImages(dppId)).toEqual([{ uuid: kept.uuid, type: 'image/png' }]);
    expect(await storedImages(dppId)).toEqual([kept.uuid]);
    expect((await download(image.image)).status).toBe(404);
    expect((await deleteImage(dppId, image.uuid)).status).toBe(404);
  });

  it('answers 404 for another company’s image exactly as for an unknown one, and keeps it and its bytes', async () => {
    const dppId = await newDpp('globex');
    const image = (await addImage(dppId, undefined, { tenant: 'globex' })).body.image;
    const foreign = await deleteImage(dppId, image.uuid, 'acme');
    const unknown = await deleteImage(dppId, randomUUID(), 'acme');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'image not found', code: 'IMAGE_NOT_FOUND' });
    expect(foreign.body).toEqual(unknown.body);
    expect(await passportImages(dppId)).toHaveLength(1);
    expect(await storedImages(dppId, demo.globex.company.id)).toEqual([image.uuid]);
  });
});
