import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { bucketName, s3 } from '../aws/s3';
import { SIGNED_URL_TTL_SECONDS } from '../http/limits';
import { logger } from '../http/logger';
import type { Upload } from './upload';

/**
 * Stored bytes. Every upload gets its own object key and an object is never
 * overwritten, so the bytes a DPP version refers to cannot change under it. An object
 * is deleted only when it is superseded or its file deleted AND no version has pinned it
 * (`pinned_paths` on the file item). Bucket versioning in the cloud is a second net.
 */
export async function putObject(key: string, upload: Upload): Promise<void> {
  await s3.send(
    new PutObjectCommand({
      Bucket: bucketName,
      Key: key,
      Body: upload.bytes,
      ContentType: upload.mimeType,
      Metadata: { sha256: upload.sha256 },
    }),
  );
}

/** A GET URL valid 15 minutes. Signing is local: no round trip. */
export function signedGetUrl(key: string): Promise<string> {
  return getSignedUrl(s3, new GetObjectCommand({ Bucket: bucketName, Key: key }), {
    expiresIn: SIGNED_URL_TTL_SECONDS,
  });
}

/**
 * Removes bytes nothing refers to any more. Runs after the database write that released
 * them, so a failure here leaves an orphan object (logged), never a record without bytes.
 */
export async function releaseObject(key: string, pinned: ReadonlySet<string> | undefined): Promise<void> {
  if (pinned?.has(key)) return;
  try {
    await s3.send(new DeleteObjectCommand({ Bucket: bucketName, Key: key }));
  } catch (error) {
    logger.warn('could not delete a released object; it is orphaned, not lost', { key, error: error as Error });
  }
}
