import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { assertOwnCompany } from '../auth/tenancy';
import { id } from '../schemas';
import { officialMember, operatorNotFound, operatorView } from './model';
import { readOperatorAndMember } from './repository';

export const getNonOfficialOperatorInput = v.object({ params: v.object({ companyId: id, userId: id }) });

/**
 * One non-official operator of the company. 400 when the user is not one (interface 4.1):
 * unknown, another company's (so ids cannot be probed), or an official member of the company
 * (a former operator who accepted an invitation included).
 */
export async function getNonOfficialOperator(
  auth: Principal,
  { params }: v.InferOutput<typeof getNonOfficialOperatorInput>,
) {
  assertOwnCompany(auth, params.companyId);
  const { operator, member } = await readOperatorAndMember(auth.companyId, params.userId);
  if (member) throw officialMember();
  if (!operator) throw operatorNotFound();
  return { nonOfficialOperator: operatorView(operator) };
}
