import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { profileById } from '../profiles/catalogue';
import { completenessOf } from '../profiles/completeness';
import { id } from '../schemas';
import { profiledDpp } from './model';
import { readDppItem } from './repository';

export const getCompletenessInput = v.object({ params: v.object({ dppId: id }) });

/**
 * How complete a profiled DPP of the caller's company is for its category (lib/profiles/completeness.ts):
 * computed from the DPP item alone, ONE GetItem (no Scan, no second read).
 */
export async function getCompleteness(auth: Principal, { params }: v.InferOutput<typeof getCompletenessInput>) {
  const { dpp, profile } = profiledDpp(await readDppItem(params.dppId), auth.companyId, profileById);
  return completenessOf(profile, dpp.category ?? '', dpp.aspects);
}
