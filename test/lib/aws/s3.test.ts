import {
  CreateSessionCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectTaggingCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { mockClient } from 'aws-sdk-client-mock';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RELEASED_TAG } from '../../../lib/aws/released';
import { bucket, getObjectUrlSigner, s3Client } from '../../../lib/aws/s3';
import { failure } from '../../support/unit/rejection';

/**
 * Signed GET URLs are made without getSignedUrl's per-URL middleware stack; they must stay
 * exactly the URLs getSignedUrl makes, for the same clock, credentials and client settings.
 */
const NOW = new Date('2026-11-21T10:15:30.123Z');
const BUCKET = process.env.BUCKET_NAME!;
const TTL = 900;

const sdkUrl = (client: S3Client, key: string, expiresIn = TTL, bucketName = BUCKET, disposition?: string) =>
  getSignedUrl(
    client,
    new GetObjectCommand({ Bucket: bucketName, Key: key, ResponseContentDisposition: disposition }),
    { expiresIn },
  );

/** Object keys as S3 takes them: any text, `/`-separated segments, empty segments included. */
const keys = fc
  .array(
    fc.oneof(
      fc.stringMatching(/^[\w.~-]{1,12}$/),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
      fc.constantFrom('', ' ', '+', '%2F', "!'()*", '?#&=', 'ü€😀', '..'),
    ),
    { minLength: 1, maxLength: 5 },
  )
  .map((segments) => segments.join('/'))
  .filter((key) => key !== '');

const DPP_KEY =
  'companies/01a19656-4a80-7000-8000-000000000000/dpps/01a19656-4a8b-7000-8000-000000000011/files/01a19656-4a8d-7000-8000-000000000013/01a19656-4a8e-7000-8000-000000000014';

const clients: Record<string, S3ClientConfig> = {
  'virtual-hosted, as in Lambda (session credentials)': {
    region: 'eu-central-1',
    credentials: { accessKeyId: 'ASIAEXAMPLE', secretAccessKey: 'secret/with+chars', sessionToken: 'token/+=' },
  },
  'path style on a local endpoint with a port': {
    region: 'eu-central-1',
    endpoint: 'http://127.0.0.1:4569',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  },
  'us-east-1, response checksums only when required': {
    region: 'us-east-1',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
  },
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('bucket.signedGetUrl', () => {
  it("is byte for byte the SDK presigner's URL for the function's own client and bucket", async () => {
    await fc.assert(
      fc.asyncProperty(keys, fc.integer({ min: 1, max: 604_800 }), async (key, ttl) => {
        expect(await bucket.signedGetUrl(key, ttl)).toBe(await sdkUrl(s3Client(), key, ttl));
      }),
      { numRuns: 150 },
    );
  });

  it("signs the Content-Disposition S3 answers with, byte for byte the SDK's ResponseContentDisposition", async () => {
    for (const disposition of [
      `attachment; filename="Declaration.pdf"; filename*=UTF-8''Declaration.pdf`,
      `inline; filename="Scheda _ sicurezza.pdf"; filename*=UTF-8''Scheda%20%E2%80%93%20sicurezza.pdf`,
    ]) {
      const url = await bucket.signedGetUrl(DPP_KEY, TTL, disposition);
      expect(url).toBe(await sdkUrl(s3Client(), DPP_KEY, TTL, BUCKET, disposition));
      expect(new URL(url).searchParams.get('response-content-disposition')).toBe(disposition);
    }
  });

  it('signs a GET of the key in the configured bucket for the given time, with no round trip', async () => {
    const url = new URL(await bucket.signedGetUrl(DPP_KEY, TTL));
    expect(url.hostname).toBe(`${BUCKET}.s3.eu-central-1.amazonaws.com`);
    expect(url.pathname).toBe(`/${DPP_KEY}`);
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(TTL));
    expect(url.searchParams.get('X-Amz-Date')).toBe('20261121T101530Z');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
  });
});

describe('getObjectUrlSigner', () => {
  for (const [setting, config] of Object.entries(clients)) {
    it(`makes the SDK presigner's URL byte for byte: ${setting}`, async () => {
      const client = new S3Client(config);
      const sign = getObjectUrlSigner(client, BUCKET);
      await fc.assert(
        fc.asyncProperty(keys, async (key) => {
          expect(await sign(key, TTL)).toBe(await sdkUrl(client, key));
        }),
        { numRuns: 60 },
      );
    });
  }

  it('asks the client for credentials on every URL, so rotated credentials sign the next one', async () => {
    let current = { accessKeyId: 'ASIAFIRST', secretAccessKey: 'first', sessionToken: 'one' };
    // Close to expiry, as Lambda's credentials are before they rotate: the client asks again each time.
    const provider = vi.fn(async () => ({ ...current, expiration: new Date(Date.now() + 60_000) }));
    const client = new S3Client({ region: 'eu-central-1', credentials: provider });
    const sign = getObjectUrlSigner(client, BUCKET);

    const first = await sign(DPP_KEY, TTL);
    current = { accessKeyId: 'ASIASECOND', secretAccessKey: 'second', sessionToken: 'two' };
    const second = await sign(DPP_KEY, TTL);

    expect(new URL(first).searchParams.get('X-Amz-Credential')).toMatch(/^ASIAFIRST\//);
    expect(new URL(second).searchParams.get('X-Amz-Credential')).toMatch(/^ASIASECOND\//);
    expect(new URL(second).searchParams.get('X-Amz-Security-Token')).toBe('two');
    expect(second).toBe(await sdkUrl(client, DPP_KEY));
  });

  it('does not keep a failed preparation: the next URL tries again', async () => {
    let regionCalls = 0;
    const client = new S3Client({
      region: async () => {
        regionCalls += 1;
        if (regionCalls === 1) throw new Error('region not available yet');
        return 'eu-central-1';
      },
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    });
    const sign = getObjectUrlSigner(client, BUCKET);
    expect(((await failure(sign(DPP_KEY, TTL))) as Error).message).toBe('region not available yet');
    expect(await sign(DPP_KEY, TTL)).toBe(await sdkUrl(client, DPP_KEY));
  });

  it('refuses an empty key, where the SDK would sign a GET of the bucket itself', async () => {
    const sign = getObjectUrlSigner(s3Client(), BUCKET);
    expect(((await failure(sign('', TTL))) as Error).message).toMatch(/object key/);
    expect(new URL(await sdkUrl(s3Client(), '')).pathname).toBe('/');
  });

  it('refuses a bucket whose endpoint asks for another scheme than SigV4 (S3 Express)', async () => {
    const client = new S3Client(clients['virtual-hosted, as in Lambda (session credentials)']!);
    // The session an S3 Express bucket signs with; the engine cannot make one.
    mockClient(client)
      .on(CreateSessionCommand)
      .resolves({
        Credentials: {
          AccessKeyId: 'EXPRESS',
          SecretAccessKey: 'express',
          SessionToken: 'express',
          Expiration: new Date(NOW.getTime() + 300_000),
        },
      });
    const sign = getObjectUrlSigner(client, 'files--euc1-az1--x-s3');
    expect(((await failure(sign(DPP_KEY, TTL))) as Error).message).toMatch(
      /SigV4 only; bucket files--euc1-az1--x-s3 asks for/,
    );
  });
});

describe('bucket.delete', () => {
  it('tags the object as released before it deletes it, so only its noncurrent version may expire', async () => {
    const s3 = mockClient(s3Client());
    try {
      await bucket.delete(DPP_KEY);
      expect(s3.calls().map((call) => call.args[0].constructor.name)).toEqual([
        'PutObjectTaggingCommand',
        'DeleteObjectCommand',
      ]);
      expect(s3.commandCalls(PutObjectTaggingCommand)[0]!.args[0].input).toEqual({
        Bucket: BUCKET,
        Key: DPP_KEY,
        Tagging: { TagSet: [{ Key: RELEASED_TAG.key, Value: RELEASED_TAG.value }] },
      });
      expect(s3.commandCalls(DeleteObjectCommand)[0]!.args[0].input).toEqual({ Bucket: BUCKET, Key: DPP_KEY });
    } finally {
      s3.restore();
    }
  });

  it('still deletes when there is no object to tag, and deletes nothing when the tag cannot be written', async () => {
    const s3 = mockClient(s3Client());
    try {
      s3.on(PutObjectTaggingCommand).rejects(Object.assign(new Error('gone'), { name: 'NoSuchKey' }));
      await bucket.delete(DPP_KEY);
      expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(1);
      s3.reset();
      s3.on(PutObjectTaggingCommand).rejects(Object.assign(new Error('slow down'), { name: 'SlowDown' }));
      await expect(bucket.delete(DPP_KEY)).rejects.toThrow('slow down');
      expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(0);
    } finally {
      s3.restore();
    }
  });
});
