import * as v from 'valibot';
import { tierOf } from '../access-tiers/tiers';
import { isPublished } from '../dpps/model';
import { publicGetUrl } from '../files/storage';
import { dppImageNotFound, dppImageParams } from './model';
import { readImageWithDpp } from './repository';

export const getPublicDppImageInput = v.object({ params: dppImageParams });

/**
 * GET /dpp/{dppId}/images/{imageId}: a published DPP's image without a token, as a short-lived
 * signed URL (the handler redirects there). Image and DPP in ONE BatchGetItem; an image of an
 * unpublished DPP, a deleted one, another DPP's and an unknown id answer the same not-found.
 */
export async function getPublicDppImage({ params }: v.InferOutput<typeof getPublicDppImageInput>): Promise<string> {
  const { parent, item } = await readImageWithDpp(params.dppId, params.imageId);
  // A restricted image answers like an unknown one: a grant's reader gets a signed URL instead.
  if (!parent || !isPublished(parent) || !item || tierOf(item) !== 'public') throw dppImageNotFound();
  return publicGetUrl(item.path);
}
