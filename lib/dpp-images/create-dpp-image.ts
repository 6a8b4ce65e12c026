import { v7 as uuidv7 } from 'uuid';
import * as v from 'valibot';
import { accessTier, storedTier } from '../access-tiers/tiers';
import type { Principal } from '../auth/claims';
import { dppLinkImage } from '../dpps/link';
import { dppNotFound, toDppImageItem } from '../dpps/model';
import { readDpp } from '../dpps/repository';
import { objectKeys } from '../files/object-keys';
import { signedGetUrl } from '../files/storage';
import { recordOrRelease, storeObject } from '../files/under-parent';
import { IMAGE_FORMATS, readUpload, requiredFilePart, sha256Hex } from '../files/upload';
import { countUpload } from '../metrics';
import { id, optionalText } from '../schemas';
import { dppImageView } from './model';
import { putImageIfDpp } from './repository';

export const createDppImageInput = v.object({
  params: v.object({ dppId: id }),
  body: v.object({ file: requiredFilePart, hash: optionalText(sha256Hex), access_tier: optionalText(accessTier) }),
});

/**
 * Adds an image to a DPP of the caller's company: PNG, JPEG, WebP or GIF by its bytes. The bytes
 * are stored first (their own object key, never overwritten), then the image item in one
 * transaction with the check that the DPP is the company's and the image's id added to the DPP's
 * Digital Link entry (the JSON-LD's `image`) when the image is public; a refused or failed write deletes the object again.
 */
export async function createDppImage(auth: Principal, { params, body }: v.InferOutput<typeof createDppImageInput>) {
  const upload = readUpload(body.file, body.hash, IMAGE_FORMATS);
  const imageId = uuidv7();
  const path = objectKeys.dppImage(auth.companyId, params.dppId, imageId);
  const image = toDppImageItem(params.dppId, {
    id: imageId,
    company_id: auth.companyId,
    path,
    mime_type: upload.mimeType,
    hash: upload.sha256,
    size: upload.size,
    created_at: new Date().toISOString(),
    access_tier: storedTier(body.access_tier ?? 'public'),
  });
  // The DPP is read beside the upload (no added latency) for its Digital Link entry's key.
  const [dpp] = await Promise.all([readDpp(params.dppId), storeObject(path, upload)]);
  // Only a public image is named by the Digital Link entry (the JSON-LD's `image`).
  const link =
    dpp?.company_id === auth.companyId && image.access_tier === undefined
      ? dppLinkImage(dpp, imageId, 'add')
      : undefined;
  if (!(await recordOrRelease(path, (committed) => putImageIfDpp(params.dppId, image, link, committed))))
    throw dppNotFound();
  countUpload(upload.size);
  return {
    message: `Image ${imageId} added to DPP ${params.dppId}`,
    ok: true as const,
    image: dppImageView(image, await signedGetUrl(path)),
  };
}
