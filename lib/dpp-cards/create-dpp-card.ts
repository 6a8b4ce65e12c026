import { v7 as uuidv7 } from 'uuid';
import * as v from 'valibot';
import { accessTier, storedTier } from '../access-tiers/tiers';
import type { Principal } from '../auth/claims';
import { dppNotFound, toDppCardItem } from '../dpps/model';
import { description, id, name } from '../schemas';
import { characteristicsInput, dppCardView, withIds } from './model';
import { putCardIfDpp } from './repository';

export const createDppCardInput = v.object({
  params: v.object({ dppId: id }),
  body: v.object({
    name,
    description: v.optional(description, ''),
    characteristics: v.optional(characteristicsInput, []),
    access_tier: v.optional(accessTier, 'public'),
  }),
});

/** Adds a tech card to a DPP of the caller's company: the card is written only while the DPP is the company's. */
export async function createDppCard(auth: Principal, { params, body }: v.InferOutput<typeof createDppCardInput>) {
  const now = new Date().toISOString();
  const card = toDppCardItem(params.dppId, {
    id: uuidv7(),
    company_id: auth.companyId,
    name: body.name,
    description: body.description,
    characteristics: withIds(body.characteristics),
    ...(storedTier(body.access_tier) && { access_tier: storedTier(body.access_tier) }),
    created_at: now,
    updated_at: now,
  });
  if (!(await putCardIfDpp(params.dppId, card))) throw dppNotFound();
  return {
    message: `Tech card ${card.id} added to DPP ${params.dppId}`,
    ok: true as const,
    card: dppCardView(params.dppId, card),
  };
}
