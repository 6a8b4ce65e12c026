import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { optional, region, required } from '../config';

/** The data bucket, and the only module that speaks S3's SDK. */
const bucketName = /* @__PURE__ */ required('BUCKET_NAME');
const endpoint = /* @__PURE__ */ optional('S3_ENDPOINT');

let client: S3Client | undefined;
/** The client, made on first use. Locally the S3 stand-in is addressed by path (http://127.0.0.1:PORT/bucket/key). */
export const s3Client = (): S3Client => {
  client ??= new S3Client({
    region: region(),
    endpoint: endpoint(),
    forcePathStyle: endpoint() !== undefined,
    maxAttempts: 3,
  });
  return client;
};

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

  async delete(key: string): Promise<void> {
    await s3Client().send(new DeleteObjectCommand({ Bucket: bucketName(), Key: key }));
  },

  /** A presigned GET URL. Signing is local: no round trip. */
  signedGetUrl(key: string, expiresInSeconds: number): Promise<string> {
    return getSignedUrl(s3Client(), new GetObjectCommand({ Bucket: bucketName(), Key: key }), {
      expiresIn: expiresInSeconds,
    });
  },
};
