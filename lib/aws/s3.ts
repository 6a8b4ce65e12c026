import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  PutObjectTaggingCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { formatUrl } from '@aws-sdk/core/util';
import { getSignedUrl, S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { extendedEncodeURIComponent } from '@smithy/core/protocols';
import { loadedOnce } from '../cached';
import { optional, region, required } from '../config';
import { bounded, clientSettings } from './budget';
import { RELEASED_TAG } from './released';

/** The data bucket, and the only module that speaks S3's SDK. */
const bucketName = /* @__PURE__ */ required('BUCKET_NAME');
const endpoint = /* @__PURE__ */ optional('S3_ENDPOINT');

/** An attempt silent this long (no byte sent or received) is retried, up to the budget. */
const REQUEST_TIMEOUT_MS = 3_000;

let client: S3Client | undefined;
/** The client, made on first use. Locally the S3 stand-in is addressed by path (http://127.0.0.1:PORT/bucket/key). */
export const s3Client = (): S3Client => {
  client ??= bounded(
    new S3Client({
      region: region(),
      endpoint: endpoint(),
      forcePathStyle: endpoint() !== undefined,
      ...clientSettings(REQUEST_TIMEOUT_MS),
    }),
  );
  return client;
};

/**
 * Signs a GET of one object key for `expiresIn` seconds: a URL, made locally (no round trip).
 * With `contentDisposition`, S3 answers with that `Content-Disposition` (the signed
 * `response-content-disposition` query parameter: GetObject's ResponseContentDisposition).
 */
export type GetUrlSigner = (key: string, expiresIn: number, contentDisposition?: string) => Promise<string>;

/** The key of the one GetObject request a signer builds to learn the request's shape; encodes to itself. */
const SAMPLE_KEY = 'k';
/** Headers getSignedUrl drops before presigning: they differ per call and belong to no URL. */
const PER_CALL_HEADERS = ['amz-sdk-invocation-id', 'amz-sdk-request', 'x-amz-user-agent'];

type Request = Parameters<S3RequestPresigner['presign']>[0];
interface Captured {
  request: Request;
  context: {
    endpointV2?: {
      properties?: { authSchemes?: Array<{ name?: string; signingName?: string; signingRegion?: string }> };
    };
    signing_region?: string;
    signing_service?: string;
    s3ExpressIdentity?: unknown;
  };
}

/**
 * Presigned GET URLs, byte for byte those of `getSignedUrl(client, new GetObjectCommand(…))`
 * of @aws-sdk/s3-request-presigner (test/lib/aws/s3.test.ts compares them), for a fraction
 * of the CPU. getSignedUrl clones the client's middleware stack, runs all of it (endpoint
 * rules, serializer, checksum and S3 middlewares) and builds a new presigner for every URL;
 * only the key's path differs from one URL to the next. So a signer does that once per
 * bucket, the way getSignedUrl does it: it runs the client's own stack for a GetObject of a
 * sample key, stopped before the signing step, and keeps the request it built (endpoint,
 * query, headers such as `x-amz-checksum-mode`) and one S3RequestPresigner made from the
 * client's config. Each URL is then that request with the key's path (each segment encoded
 * as the SDK's serializer encodes `{Key+}`), presigned and formatted as getSignedUrl does.
 *
 * Credentials stay live: the presigner holds the client's credential provider, not
 * credentials, and asks it on every URL, so credentials Lambda rotates sign the next URL.
 * SigV4's signing key is cached per day, region and credentials by @smithy/signature-v4.
 * Only SigV4 is handled (a general purpose bucket, which the stack creates); a bucket whose
 * endpoint asks for another scheme (S3 Express, multi-region access points) is refused, and
 * so is an empty key (getSignedUrl would sign a GET of the bucket itself).
 */
export function getObjectUrlSigner(s3: S3Client, bucket: string): GetUrlSigner {
  const prepare = async () => {
    const stack = s3.middlewareStack.clone();
    let captured: Captured | undefined;
    stack.addRelativeTo(
      ((_next: unknown, context: Captured['context']) => async (args: { request: Request }) => {
        captured = { request: args.request, context };
        return { response: {}, output: { $metadata: {} } };
      }) as never,
      // Where getSignedUrl intercepts the request.
      { name: 'captureGetObjectRequest', relation: 'before', toMiddleware: 'awsAuthMiddleware', override: true },
    );
    const command = new GetObjectCommand({ Bucket: bucket, Key: SAMPLE_KEY });
    await command.resolveMiddleware(stack as never, s3.config, {})({ input: command.input });
    if (!captured) throw new Error('The S3 client built no request to sign');
    const { request, context } = captured;
    const scheme = context.endpointV2?.properties?.authSchemes?.[0];
    if (scheme?.name !== 'sigv4' || !scheme.signingRegion || context.s3ExpressIdentity !== undefined) {
      throw new Error(`Signed URLs are made with SigV4 only; bucket ${bucket} asks for ${scheme?.name ?? 'no scheme'}`);
    }
    const suffix = `/${SAMPLE_KEY}`;
    if (!request.path.endsWith(suffix)) throw new Error(`Unexpected GetObject path ${request.path}`);
    const headers = { ...request.headers };
    for (const name of PER_CALL_HEADERS) delete headers[name];
    const region = scheme.signingRegion;
    return {
      presigner: new S3RequestPresigner({ ...s3.config, signingName: scheme.signingName, region: async () => region }),
      signing: { signingRegion: context.signing_region ?? region, signingService: context.signing_service },
      request: { ...request, headers },
      basePath: request.path.slice(0, -suffix.length),
    };
  };

  // A failure (say, credentials not there yet) is not kept: the next URL tries again.
  const prepared = loadedOnce(prepare);
  return async (key, expiresIn, contentDisposition) => {
    if (key === '') throw new Error('An object key is needed to sign a URL');
    const { presigner, signing, request, basePath } = await prepared();
    const presigned = await presigner.presign(
      {
        ...request,
        path: `${basePath}/${key.split('/').map(extendedEncodeURIComponent).join('/')}`,
        // Where the SDK's serializer puts ResponseContentDisposition (after the request's own query).
        query: {
          ...request.query,
          ...(contentDisposition !== undefined && { 'response-content-disposition': contentDisposition }),
        },
        headers: { ...request.headers },
      },
      { expiresIn, ...signing },
    );
    return formatUrl(presigned);
  };
}

let getUrlSigner: GetUrlSigner | undefined;

export const bucket = {
  async put(key: string, body: Buffer, contentType: string, metadata?: Record<string, string>): Promise<void> {
    await s3Client().send(
      new PutObjectCommand({
        Bucket: bucketName(),
        Key: key,
        Body: body,
        ContentType: contentType,
        Metadata: metadata,
      }),
    );
  },

  /** An object's bytes as text (UTF-8), or undefined when there is no such object. */
  async getText(key: string): Promise<string | undefined> {
    try {
      const result = await s3Client().send(new GetObjectCommand({ Bucket: bucketName(), Key: key }));
      return await result.Body?.transformToString('utf8');
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  },

  /** An object's bytes as a stream (never the whole object in memory), or undefined when there is no such object. */
  async getStream(key: string): Promise<Readable | undefined> {
    try {
      const result = await s3Client().send(new GetObjectCommand({ Bucket: bucketName(), Key: key }));
      return result.Body as Readable | undefined;
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  },

  /**
   * A presigned PUT of one object: its URL and the headers the upload must send (the content
   * type is part of the signature), for `expiresIn` seconds.
   */
  async putUrl(
    key: string,
    contentType: string,
    expiresIn: number,
  ): Promise<{ url: string; headers: Record<string, string> }> {
    const url = await getSignedUrl(
      s3Client(),
      new PutObjectCommand({ Bucket: bucketName(), Key: key, ContentType: contentType }),
      { expiresIn, signableHeaders: new Set(['content-type']) },
    );
    return { url, headers: { 'Content-Type': contentType } };
  },

  /** An object's bytes, exactly as stored, or undefined when there is no such object. */
  async getBytes(key: string): Promise<Buffer | undefined> {
    try {
      const result = await s3Client().send(new GetObjectCommand({ Bucket: bucketName(), Key: key }));
      const bytes = await result.Body?.transformToByteArray();
      return bytes === undefined ? undefined : Buffer.from(bytes);
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  },

  /**
   * Copies an object of the bucket to a new key (a server-side copy: the bytes never pass through
   * the function). False when there is no object at `fromKey` (then nothing was written).
   */
  async copy(fromKey: string, toKey: string): Promise<boolean> {
    try {
      await s3Client().send(
        new CopyObjectCommand({
          Bucket: bucketName(),
          Key: toKey,
          CopySource: `${bucketName()}/${fromKey.split('/').map(encodeURIComponent).join('/')}`,
        }),
      );
      return true;
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return false;
      throw error;
    }
  },

  /**
   * Deletes an object nothing refers to any more, tagged RELEASED_TAG first: only such an
   * object's noncurrent version expires under the bucket's lifecycle rule (lib/aws/released.ts).
   */
  async delete(key: string): Promise<void> {
    try {
      await s3Client().send(
        new PutObjectTaggingCommand({
          Bucket: bucketName(),
          Key: key,
          Tagging: { TagSet: [{ Key: RELEASED_TAG.key, Value: RELEASED_TAG.value }] },
        }),
      );
    } catch (error) {
      // No object at the key: the delete below changes nothing either.
      if ((error as { name?: string }).name !== 'NoSuchKey') throw error;
    }
    await s3Client().send(new DeleteObjectCommand({ Bucket: bucketName(), Key: key }));
  },

  /** A presigned GET URL, with the Content-Disposition S3 answers it with when given. Signing is local: no round trip. */
  signedGetUrl(key: string, expiresInSeconds: number, contentDisposition?: string): Promise<string> {
    getUrlSigner ??= getObjectUrlSigner(s3Client(), bucketName());
    return getUrlSigner(key, expiresInSeconds, contentDisposition);
  },
};
