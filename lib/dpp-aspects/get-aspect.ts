import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { NotFoundError } from '../errors';
import { profileById } from '../profiles/catalogue';
import { id } from '../schemas';
import { profiledAspect } from './model';
import { aspectId } from './put-aspect';
import { readDppItem } from './repository';

export const getAspectInput = v.object({ params: v.object({ dppId: id, aspect: aspectId }) });

/**
 * An aspect's whole document of a profiled DPP of the caller's company, every attribute whatever
 * its tier (the company's own view). An aspect of the profile never written is 404
 * ASPECT_NOT_WRITTEN. ONE GetItem of the DPP (strongly consistent: what the last write stored).
 */
export async function getAspect(auth: Principal, { params }: v.InferOutput<typeof getAspectInput>) {
  const { dpp, aspect } = profiledAspect(await readDppItem(params.dppId), auth.companyId, params.aspect, profileById);
  const document = dpp.aspects?.[aspect.id];
  if (document === undefined)
    throw new NotFoundError(`the DPP has no ${aspect.id} document yet (PUT it first)`, 'ASPECT_NOT_WRITTEN');
  return document;
}
