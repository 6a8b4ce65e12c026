import * as v from 'valibot';
import type { Principal } from '../../auth/claims';
import { id } from '../../schemas';
import { kybDataView, kybNotFound, userNotFound } from './model';
import { readUserAndKyb } from './repository';

export const getKybDataInput = v.object({
  params: v.object({ userId: id }),
});

/**
 * GET /kyb-data/{userId}: the KYB data of the user's company. The user must be the token's
 * user or a user of the token's company (one BatchGetItem reads the user and the company).
 */
export async function getKybData(auth: Principal, { params }: v.InferOutput<typeof getKybDataInput>) {
  const { user, kyb } = await readUserAndKyb(auth.companyId, params.userId);
  if (!user) throw userNotFound();
  if (!kyb) throw kybNotFound();
  return { data: kybDataView(kyb) };
}
