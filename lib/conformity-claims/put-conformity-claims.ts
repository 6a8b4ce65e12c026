import { randomUUID } from 'node:crypto';
import type * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { productIdOf } from '../credentials/passport-credential';
import type { ConformityClaim, putConformityClaimsInput } from '../dpps/conformity-claims';
import { ceased, concurrentChange } from '../dpps/lifecycle';
import { dppNotFound } from '../dpps/model';
import { readDpp } from '../dpps/repository';
import { TooLargeError } from '../errors';
import { MAX_CONFORMITY_CLAIMS_BYTES } from '../limits';
import { checkedClaims } from './evidence';
import { storeConformityClaims } from './repository';

/** Attempts of a write that lost a race (the DPP changed between the read and the write), before 409. */
const ATTEMPTS = 3;

/**
 * PUT /dpps/{dppId}/conformity-claims: replaces the conformity claims of a DPP of the caller's
 * company with the list sent (empty: none). Each claim's evidence, the assessor's conformity
 * credential, must confirm every criterion it names for this product (lib/conformity-claims/evidence.ts:
 * 400 INVALID_EVIDENCE otherwise); each claim gets a new `urn:uuid:` id. A ceased passport is 409.
 * The claims are in every version taken afterwards (its document and credential); versions
 * taken before are unchanged. More than MAX_CONFORMITY_CLAIMS_BYTES of claims is 413. Answers the
 * claims as stored.
 */
export async function putConformityClaims(
  auth: Principal,
  { params, body }: v.InferOutput<typeof putConformityClaimsInput>,
): Promise<{ dpp_id: string; claims: ConformityClaim[] }> {
  for (let attempt = 1; ; attempt++) {
    const dpp = await readDpp(params.dppId, { consistent: true });
    if (dpp?.company_id !== auth.companyId) throw dppNotFound();
    if (dpp.ceased_at !== undefined) throw ceased();
    const claims = checkedClaims(body.claims, productIdOf(dpp.id, dpp.search_id), () => `urn:uuid:${randomUUID()}`);
    const bytes = Buffer.byteLength(JSON.stringify(claims));
    if (bytes > MAX_CONFORMITY_CLAIMS_BYTES)
      throw new TooLargeError(
        `the claims would be ${bytes} bytes of JSON as stored; a passport holds at most ${MAX_CONFORMITY_CLAIMS_BYTES}`,
      );
    if (await storeConformityClaims(dpp, claims)) return { dpp_id: dpp.id, claims };
    if (attempt >= ATTEMPTS) throw concurrentChange();
  }
}
