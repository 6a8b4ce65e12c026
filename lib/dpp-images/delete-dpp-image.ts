import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { dppLinkImage } from '../dpps/link';
import { releaseObject } from '../files/storage';
import { dppImageNotFound, dppImageParams } from './model';
import { deleteImage, readImageWithDpp } from './repository';

export const deleteDppImageInput = v.object({ params: dppImageParams });

/**
 * Deletes an image of the caller's company: the image and its DPP read in ONE BatchGetItem, then
 * ONE transaction deletes the item (conditioned on the company and its bytes) and takes its id
 * off the DPP's Digital Link entry (the JSON-LD's `image`), then its bytes go (versions do not
 * hold images, so nothing pins them). A failure in between leaves an orphan object, never an
 * image without bytes. Another company's image answers like a missing one.
 */
export async function deleteDppImage(auth: Principal, { params }: v.InferOutput<typeof deleteDppImageInput>) {
  const { parent: dpp, item: image } = await readImageWithDpp(params.dppId, params.imageId);
  if (image?.company_id !== auth.companyId) throw dppImageNotFound();
  const link = dpp?.company_id === auth.companyId ? dppLinkImage(dpp, image.id, 'delete') : undefined;
  if (!(await deleteImage(image, auth.companyId, link))) throw dppImageNotFound();
  await releaseObject(image.path, undefined);
  return { message: `Image ${params.imageId} of DPP ${params.dppId} was deleted`, ok: true as const };
}
