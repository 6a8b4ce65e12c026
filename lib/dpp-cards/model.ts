import { v7 as uuidv7 } from 'uuid';
import * as v from 'valibot';
import { tierOf } from '../access-tiers/tiers';
import type { Characteristic, DppCardItem } from '../dpps/model';
import { NotFoundError } from '../errors';
import { MAX_CARD_CHARACTERISTICS, MAX_CHARACTERISTIC_LENGTH } from '../limits';
import { id, singleLineText } from '../schemas';

/** An unknown card, or another company's: 404 on the card routes, so ids cannot be probed. */
export const dppCardNotFound = () => new NotFoundError('tech card not found', 'CARD_NOT_FOUND');

/** The path parameters that name one tech card of a DPP. */
export const dppCardParams = v.object({ dppId: id, cardId: id });

/**
 * A card's characteristics as a client sends them: each a text and optionally its own id (the
 * server gives the others a UUIDv7); ids distinct within the card.
 */
export const characteristicsInput = v.pipe(
  v.array(
    v.object({
      characteristic: singleLineText(MAX_CHARACTERISTIC_LENGTH),
      id: v.optional(id),
    }),
  ),
  v.maxLength(MAX_CARD_CHARACTERISTICS, `must have at most ${MAX_CARD_CHARACTERISTICS} characteristics`),
  v.check(
    (list) => new Set(list.flatMap((c) => (c.id === undefined ? [] : [c.id]))).size === list.filter((c) => c.id).length,
    'must not repeat a characteristic id',
  ),
);

/** The characteristics to store: the client's ids kept, a UUIDv7 for each one without. */
export const withIds = (list: v.InferOutput<typeof characteristicsInput>): Characteristic[] =>
  list.map((c) => ({ id: c.id ?? uuidv7(), characteristic: c.characteristic }));

/** A tech card as the card routes answer it: the interface's tech card, with its DPP. */
export function dppCardView(dppId: string, item: DppCardItem) {
  return {
    id: item.id,
    dpp_id: dppId,
    name: item.name,
    description: item.description,
    characteristics: (item.characteristics ?? []).map(({ id: charId, characteristic }) => ({
      id: charId,
      characteristic,
    })),
    access_tier: tierOf(item),
  };
}
