import type * as v from 'valibot';
import type { Principal } from '../auth/claims';
import type { ConformityClaim, getConformityClaimsInput } from '../dpps/conformity-claims';
import { dppNotFound } from '../dpps/model';
import { readDpp } from '../dpps/repository';

/** GET /dpps/{dppId}/conformity-claims: the conformity claims of a DPP of the caller's company, as stored. */
export async function getConformityClaims(
  auth: Principal,
  { params }: v.InferOutput<typeof getConformityClaimsInput>,
): Promise<{ dpp_id: string; claims: ConformityClaim[] }> {
  const dpp = await readDpp(params.dppId, { consistent: true });
  if (dpp?.company_id !== auth.companyId) throw dppNotFound();
  return { dpp_id: dpp.id, claims: dpp.conformity_claims ?? [] };
}
