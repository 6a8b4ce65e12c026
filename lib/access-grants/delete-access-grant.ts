import * as v from 'valibot';
import { grantNotFound } from '../access-tiers/model';
import type { Principal } from '../auth/claims';
import { id } from '../schemas';
import { revokeGrant } from './repository';

export const deleteAccessGrantInput = v.object({ params: v.object({ dppId: id, grantId: id }) });

/**
 * Revokes an access grant of the caller's company at once: its link reads the public tier from
 * the next request on (reads are strongly consistent). The grant stays listed, `revoked`, so the
 * access log keeps naming it. Revoking twice is the same 204; another company's grant is unknown.
 */
export async function deleteAccessGrant(auth: Principal, { params }: v.InferOutput<typeof deleteAccessGrantInput>) {
  const revoked = await revokeGrant(params.dppId, params.grantId, auth.companyId, new Date().toISOString());
  if (!revoked) throw grantNotFound();
}
