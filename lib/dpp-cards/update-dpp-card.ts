import * as v from 'valibot';
import { accessTier, storedTier } from '../access-tiers/tiers';
import type { Principal } from '../auth/claims';
import { withdrawPublicAnswers } from '../dpps/public-paths';
import { InvalidInputError } from '../errors';
import { description, name } from '../schemas';
import { characteristicsInput, dppCardNotFound, dppCardParams, dppCardView, withIds } from './model';
import { updateCard } from './repository';

export const updateDppCardInput = v.object({
  params: dppCardParams,
  body: v.object({
    name: v.optional(name),
    description: v.optional(description),
    characteristics: v.optional(characteristicsInput),
    access_tier: v.optional(accessTier),
  }),
});

/**
 * Changes a tech card of the caller's company: the fields sent, `characteristics` as a whole
 * (the list sent replaces the card's). A version already taken keeps the card as it was.
 */
export async function updateDppCard(auth: Principal, { params, body }: v.InferOutput<typeof updateDppCardInput>) {
  if (
    body.name === undefined &&
    body.description === undefined &&
    body.characteristics === undefined &&
    body.access_tier === undefined
  ) {
    throw new InvalidInputError(
      'send at least one of name, description, characteristics or access_tier',
      'NOTHING_TO_UPDATE',
    );
  }
  const card = await updateCard(
    params.dppId,
    params.cardId,
    auth.companyId,
    {
      name: body.name,
      description: body.description,
      characteristics: body.characteristics && withIds(body.characteristics),
      // `public` removes the attribute: a part without one is public.
      access_tier: body.access_tier && (storedTier(body.access_tier) ?? null),
    },
    new Date().toISOString(),
  );
  if (!card) throw dppCardNotFound();
  // Who may read it changed: the CDN drops what it kept of the DPP (when there is one).
  if (body.access_tier !== undefined) await withdrawPublicAnswers(params.dppId);
  return {
    message: `Tech card ${card.id} of DPP ${params.dppId} updated`,
    ok: true as const,
    card: dppCardView(params.dppId, card),
  };
}
