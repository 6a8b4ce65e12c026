import * as v from 'valibot';
import { accessTier, storedTier } from '../access-tiers/tiers';
import type { Principal } from '../auth/claims';
import { dppLinkImage } from '../dpps/link';
import { withdrawPublicAnswers } from '../dpps/public-paths';
import { dppImageNotFound, dppImageParams } from './model';
import { readImageWithDpp, setImageTier } from './repository';

export const updateDppImageInput = v.object({
  params: dppImageParams,
  body: v.object({ access_tier: accessTier }),
});

/**
 * Changes who may read an image of the caller's company (its access tier): the image and its DPP
 * read in ONE BatchGetItem, then ONE transaction sets the tier and puts the image's id on the
 * DPP's Digital Link entry (the JSON-LD's `image`) when it is public, or takes it off when it is
 * not. Another company's image answers like a missing one.
 */
export async function updateDppImage(auth: Principal, { params, body }: v.InferOutput<typeof updateDppImageInput>) {
  const { parent: dpp, item: image } = await readImageWithDpp(params.dppId, params.imageId);
  if (image?.company_id !== auth.companyId) throw dppImageNotFound();
  const tier = storedTier(body.access_tier);
  const link = dpp?.company_id === auth.companyId ? dppLinkImage(dpp, image.id, tier ? 'delete' : 'add') : undefined;
  if (!(await setImageTier(image, auth.companyId, tier, link))) throw dppImageNotFound();
  // Who may read it changed (and the resolver's JSON-LD lists public images): the CDN drops what it kept.
  await withdrawPublicAnswers(params.dppId, dpp?.company_id === auth.companyId ? dpp.search_id : undefined);
  return {
    message: `Image ${params.imageId} of DPP ${params.dppId} is now ${body.access_tier}`,
    ok: true as const,
    image: { uuid: image.id, access_tier: body.access_tier },
  };
}
