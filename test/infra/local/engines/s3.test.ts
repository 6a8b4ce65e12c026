/**
 * The local S3 refuses what the cloud bucket refuses: the bucket is
 * private, so a read without a signature, with an expired one or with a wrong one is 403,
 * while the presigned URLs the service hands out keep working. Against the S3 of the local
 * stack the tests run on (the seeded bucket), over plain HTTP as a browser would send it.
 */
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_BUCKET } from '../../../../infra/local/environment';
import { call, demo, localEnv, tokenFor } from '../../../support/api';

const endpoint = localEnv.S3_ENDPOINT!;
const credentials = { accessKeyId: localEnv.AWS_ACCESS_KEY_ID!, secretAccessKey: localEnv.AWS_SECRET_ACCESS_KEY! };
const client = (secretAccessKey = credentials.secretAccessKey) =>
  new S3Client({
    endpoint,
    region: localEnv.AWS_REGION,
    forcePathStyle: true,
    credentials: { ...credentials, secretAccessKey },
  });

/** A presigned URL the service handed out (Acme's first DPP file), the key it names, and its bytes. */
let served: { url: string; key: string; bytes: Uint8Array };
let s3: S3Client;

beforeAll(async () => {
  s3 = client();
  const { status, body } = await call('GET', `/view-dpp-files/${demo.acme.dpp.id}`, { token: await tokenFor('acme') });
  expect(status).toBe(200);
  const file = body.files.find((f: { id: string }) => f.id === demo.acme.dpp.files[0]!.id);
  const response = await fetch(file.url);
  expect(response.status).toBe(200);
  served = { url: file.url, key: file.path, bytes: new Uint8Array(await response.arrayBuffer()) };
});

afterAll(() => s3?.destroy());

const objectUrl = (key: string) => `${endpoint}/${LOCAL_BUCKET}/${key.split('/').map(encodeURIComponent).join('/')}`;

/** S3's own refusal: 403 with an XML error naming the code, and not a byte of the data. */
async function expectRefused(response: Response, code = 'AccessDenied') {
  const text = await response.text();
  expect({ status: response.status, type: response.headers.get('content-type') }).toEqual({
    status: 403,
    type: 'application/xml',
  });
  expect(text).toContain(`<Code>${code}</Code>`);
  expect(text).not.toContain('companies/');
  return text;
}

describe('local S3: requests without a signature', () => {
  it('refuses to serve an object (was 200 with the bytes)', async () => {
    await expectRefused(await fetch(objectUrl(served.key)));
  });

  it('refuses to list the bucket with list-type=2 (was every company’s keys)', async () => {
    await expectRefused(await fetch(`${endpoint}/${LOCAL_BUCKET}?list-type=2`));
    await expectRefused(await fetch(`${endpoint}/${LOCAL_BUCKET}/?list-type=2&prefix=companies/`));
  });

  it('refuses the v1 listing, the bucket list and a HEAD of the object', async () => {
    await expectRefused(await fetch(`${endpoint}/${LOCAL_BUCKET}`));
    await expectRefused(await fetch(`${endpoint}/`));
    expect((await fetch(objectUrl(served.key), { method: 'HEAD' })).status).toBe(403);
  });

  it('refuses to overwrite or delete an object, which stays as it was', async () => {
    await expectRefused(await fetch(objectUrl(served.key), { method: 'PUT', body: 'overwritten' }));
    await expectRefused(await fetch(objectUrl(served.key), { method: 'DELETE' }));
    const again = await fetch(served.url);
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(served.bytes);
  });

  it('refuses signature parameters spelled in another case, which the signature check would skip', async () => {
    const url = new URL(served.url);
    const lowered = new URL(objectUrl(served.key));
    for (const [name, value] of url.searchParams) lowered.searchParams.set(name.toLowerCase(), value);
    await expectRefused(await fetch(lowered));
  });
});

describe('local S3: signed requests', () => {
  it('serves the object through the presigned URL the service handed out', async () => {
    const response = await fetch(served.url);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(served.bytes);
  });

  it("verifies a signed query holding !'()* as S3 does (a download's Content-Disposition), and refuses it altered", async () => {
    const disposition = `attachment; filename="it's (1).pdf"; filename*=UTF-8''it%27s%20%281%29%21.pdf`;
    const url = await getSignedUrl(
      s3,
      new GetObjectCommand({ Bucket: LOCAL_BUCKET, Key: served.key, ResponseContentDisposition: disposition }),
      { expiresIn: 60 },
    );
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(disposition);
    const altered = new URL(url);
    altered.searchParams.set('response-content-disposition', disposition.replace('(1)', '(2)'));
    await expectRefused(await fetch(altered), 'SignatureDoesNotMatch');
    // The service's own URL names the file the same way.
    expect(new URL(served.url).searchParams.get('response-content-disposition')).toMatch(/^attachment; filename="/);
  });

  it('refuses an expired presigned URL', async () => {
    const url = await getSignedUrl(s3, new GetObjectCommand({ Bucket: LOCAL_BUCKET, Key: served.key }), {
      expiresIn: 60,
      signingDate: new Date(Date.now() - 120_000),
    });
    expect(await expectRefused(await fetch(url))).toContain('Request has expired');
  });

  it('refuses a presigned URL whose signature, expiry or object was altered', async () => {
    const url = new URL(served.url);
    const signature = url.searchParams.get('X-Amz-Signature')!;
    const altered = [
      (u: URL) =>
        u.searchParams.set(
          'X-Amz-Signature',
          signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
        ),
      (u: URL) => u.searchParams.set('X-Amz-Expires', '604800'),
      (u: URL) => {
        u.pathname = u.pathname.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
      },
    ];
    for (const alter of altered) {
      const tampered = new URL(url);
      alter(tampered);
      const response = await fetch(tampered);
      expect(response.status).toBe(403);
      expect(await response.text()).not.toContain('companies/');
    }
    // Without its signature the URL is malformed, and S3 says so: 400 AuthorizationQueryParametersError.
    const removed = new URL(url);
    removed.searchParams.delete('X-Amz-Signature');
    const response = await fetch(removed);
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toContain('<Code>AuthorizationQueryParametersError</Code>');
    expect(text).not.toContain('companies/');
  });

  it('refuses a presigned URL signed with another secret for the same access key', async () => {
    const other = client('not-the-secret');
    const url = await getSignedUrl(other, new GetObjectCommand({ Bucket: LOCAL_BUCKET, Key: served.key }));
    other.destroy();
    await expectRefused(await fetch(url), 'SignatureDoesNotMatch');
  });

  it('still serves the SDK’s header-signed requests (the service’s own reads and listings)', async () => {
    const object = await s3.send(new GetObjectCommand({ Bucket: LOCAL_BUCKET, Key: served.key }));
    expect(await object.Body?.transformToByteArray()).toEqual(served.bytes);
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: LOCAL_BUCKET, Prefix: served.key }));
    expect(listed.Contents?.map((o) => o.Key)).toEqual([served.key]);
  });
});
