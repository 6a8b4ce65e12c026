import type { AccessTier } from '../access-tiers/tiers';
import { isConditionFailure } from '../aws/errors';
import * as table from '../aws/table';
import { noItem, ofCompany, partialUpdate, where } from '../data/expressions';
import * as keys from '../data/keys';
import type { Characteristic, DppCardItem } from '../dpps/model';
import { writeUnderDpp } from '../dpps/repository';

/**
 * All DynamoDB access of a DPP's tech cards (`DPP#<dppId>` / `CARD#<cardId>`). Every write is
 * conditioned on the caller's company: a new card on its DPP's, a change on the card's own.
 */

/** Writes a new card only if its DPP exists and is the card's company's (one transaction); false otherwise. */
export const putCardIfDpp = (dppId: string, card: DppCardItem): Promise<boolean> =>
  writeUnderDpp(dppId, card.company_id, [{ put: { ...card }, condition: noItem() }]);

export interface CardChanges {
  name?: string;
  description?: string;
  characteristics?: Characteristic[];
  /** null: back to public (the attribute removed). */
  access_tier?: AccessTier | null;
}

/** Changes the given fields of a card of the company's; the card as it is now, or undefined when there is none. */
export async function updateCard(
  dppId: string,
  cardId: string,
  companyId: string,
  changes: CardChanges,
  updatedAt: string,
): Promise<DppCardItem | undefined> {
  try {
    return await table.update<DppCardItem>(
      keys.dppCard(dppId, cardId),
      partialUpdate({ ...changes, updated_at: updatedAt }),
      where(ofCompany(companyId)),
    );
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** Deletes a card of the company's; the card as it was, or undefined when there was none. */
export async function deleteCard(dppId: string, cardId: string, companyId: string): Promise<DppCardItem | undefined> {
  try {
    return await table.delete<DppCardItem>(keys.dppCard(dppId, cardId), where(ofCompany(companyId)));
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}
