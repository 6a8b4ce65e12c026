import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { dppCardNotFound, dppCardParams } from './model';
import { deleteCard } from './repository';

export const deleteDppCardInput = v.object({ params: dppCardParams });

/** Deletes a tech card of the caller's company. A version already taken keeps the card as it was. */
export async function deleteDppCard(auth: Principal, { params }: v.InferOutput<typeof deleteDppCardInput>) {
  const deleted = await deleteCard(params.dppId, params.cardId, auth.companyId);
  if (!deleted) throw dppCardNotFound();
  return { message: `Tech card ${params.cardId} of DPP ${params.dppId} was deleted`, ok: true as const };
}
