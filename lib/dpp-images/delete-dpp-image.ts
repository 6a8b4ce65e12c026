import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { releaseObject } from '../files/storage';
import { dppImageNotFound, dppImageParams } from './model';
import { deleteImage } from './repository';

export const deleteDppImageInput = v.object({ params: dppImageParams });

/**
 * Deletes an image of the caller's company: the item first (conditioned on the company), then
 * its bytes (versions do not hold images, so nothing pins them). A failure in between leaves an
 * orphan object, never an image without bytes.
 */
export async function deleteDppImage(auth: Principal, { params }: v.InferOutput<typeof deleteDppImageInput>) {
  const deleted = await deleteImage(params.dppId, params.imageId, auth.companyId);
  if (!deleted) throw dppImageNotFound();
  await releaseObject(deleted.path, undefined);
  return { message: `Image ${params.imageId} of DPP ${params.dppId} was deleted`, ok: true as const };
}
