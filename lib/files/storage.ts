import { bucket } from '../aws/s3';
import { SIGNED_URL_TTL_SECONDS } from '../limits';
import { logger } from '../logger';
import { contentDisposition, downloadName } from './content-disposition';
import type { AllowedMimeType } from './file-type';
import type { Upload } from './upload';

/**
 * Stored bytes. Every upload gets its own object key and an object is never
 * overwritten, so the bytes a DPP version refers to cannot change under it. An object
 * is deleted only when it is superseded or its file deleted AND no version has pinned it
 * (`pinned_paths` on the file item). Bucket versioning in the cloud is a second net.
 */
export async function putObject(key: string, upload: Upload): Promise<void> {
  await bucket.put(key, upload.bytes, upload.mimeType, { sha256: upload.sha256 });
}

/**
 * What a download is and is called: a file downloads as an attachment under its name (with its
 * type's extension), an image shows inline under its own. Every signed URL of a file or image
 * carries one, so a browser saves `Declaration of conformity.pdf`, not the object's key.
 */
export interface Download {
  name: string;
  mime_type: AllowedMimeType;
  inline?: boolean;
}

const dispositionOf = (download: Download | undefined) =>
  download &&
  contentDisposition(download.inline ? 'inline' : 'attachment', downloadName(download.name, download.mime_type));

/** A GET URL valid 15 minutes (docs/spec/decisions.md, Files). Signing is local: no round trip. */
export const signedGetUrl = (key: string, download?: Download): Promise<string> =>
  bucket.signedGetUrl(key, SIGNED_URL_TTL_SECONDS, dispositionOf(download));

/**
 * How long the signed URL of a public download lives (GET /dpp/{dppId}/files/{fileId}, …/images/…):
 * a few minutes, enough to follow the redirect, not enough to share the link as if it were the
 * passport's own (the public route is the lasting address).
 */
export const PUBLIC_URL_TTL_SECONDS = 5 * 60;

/**
 * The Cache-Control of a public download's redirect: a minute, well within the signed URL's life,
 * and no stale-while-revalidate (a stale redirect could outlive its URL).
 */
export const PUBLIC_DOWNLOAD_CACHE = 'public, max-age=60';

/** A short-lived GET URL (PUBLIC_URL_TTL_SECONDS) for a public download's redirect. Local: no round trip. */
export const publicGetUrl = (key: string, download?: Download): Promise<string> =>
  bucket.signedGetUrl(key, PUBLIC_URL_TTL_SECONDS, dispositionOf(download));

/**
 * How long the signed URL of a download through an access grant lives (GET /dpp/{dppId}/files/{fileId}/download,
 * …/images/{imageId}/download): a minute, enough to follow the redirect. The route checks the grant on
 * every fetch and logs it, so a revoked grant's link stops at once and a URL it got before lasts at
 * most this long (docs/choices.md, Access tiers).
 */
export const GRANT_URL_TTL_SECONDS = 60;

/** A GET URL valid GRANT_URL_TTL_SECONDS, for a download through a grant. Local: no round trip. */
export const grantGetUrl = (key: string, download?: Download): Promise<string> =>
  bucket.signedGetUrl(key, GRANT_URL_TTL_SECONDS, dispositionOf(download));

/**
 * Removes bytes nothing refers to any more. Runs after the database write that released
 * them, so a failure here leaves an orphan object (logged), never a record without bytes.
 */
export async function releaseObject(key: string, pinned: ReadonlySet<string> | undefined): Promise<void> {
  if (pinned?.has(key)) return;
  try {
    await bucket.delete(key);
  } catch (error) {
    logger.warn('could not delete a released object; it is orphaned, not lost', { key, error: error as Error });
  }
}
