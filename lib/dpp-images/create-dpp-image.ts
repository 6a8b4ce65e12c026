import { v7 as uuidv7 } from 'uuid';
import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { dppNotFound, toDppImageItem } from '../dpps/model';
import { objectKeys } from '../files/object-keys';
import { putObject, signedGetUrl } from '../files/storage';
import { recordOrRelease } from '../files/under-parent';
import { IMAGE_FORMATS, readUpload, requiredFilePart, sha256Hex } from '../files/upload';
import { countUpload } from '../metrics';
import { id, optionalText } from '../schemas';
import { dppImageView } from './model';
import { putImageIfDpp } from './repository';

export const createDppImageInput = v.object({
  params: v.object({ dppId: id }),
  body: v.object({ file: requiredFilePart, hash: optionalText(sha256Hex) }),
});

/**
 * Adds an image to a DPP of the caller's company: PNG, JPEG, WebP or GIF by its bytes. The bytes
 * are stored first (their own object key, never overwritten), then the image item in one
 * transaction with the check that the DPP is the company's; a refused or failed write deletes
 * the object again.
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
  });
  await putObject(path, upload);
  if (!(await recordOrRelease(path, () => putImageIfDpp(params.dppId, image)))) throw dppNotFound();
  countUpload(upload.size);
  return {
    message: `Image ${imageId} added to DPP ${params.dppId}`,
    ok: true as const,
    image: dppImageView(image, await signedGetUrl(path)),
  };
}
