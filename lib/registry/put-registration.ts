import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { dppNotFound } from '../dpps/model';
import { withdrawPublicAnswers } from '../dpps/public-paths';
import { readDpp } from '../dpps/repository';
import { ConflictError, InvalidInputError } from '../errors';
import { id } from '../schemas';
import { registrationProof, toRegistrationProofItem } from './model';
import { readVersion, storeRegistration } from './repository';

export const putRegistrationInput = v.object({
  params: v.object({ dppId: id }),
  body: v.strictObject(
    {
      /** The registry's identifier of the passport (the mock registry's `registryId`). */
      registration_id: v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(100)),
      proof: registrationProof,
    },
    'is not a field of a registration (registration_id, proof)',
  ),
});

const hashMismatch = (version: number) =>
  new ConflictError(
    `the proof's version_hash is not the hash of version ${version} of this passport: it proves another document`,
    'VERSION_HASH_MISMATCH',
  );

/**
 * PUT /dpps/{dppId}/registration: stores the EU registry's identifier of a passport of the
 * caller's company and the proof of its registration (Art. 9 of Reg. (EU) 2026/1778; the proof's
 * shape: lib/registry/model.ts). The proof's `registry_id` must be the identifier (400), and its
 * `version_hash` the stored hash of the version it names (the SHA-256 of its canonical document):
 * 409 VERSION_HASH_MISMATCH otherwise, 409 VERSION_NOT_FOUND for a version the passport does not
 * have. The DPP's `registration` and the proof's item are ONE transaction, which checks the
 * version's hash again. Sending it again stores the same; a later registration replaces the
 * identifier (each version's proof is kept). Another company's DPP answers like a missing one.
 */
export async function putRegistration(auth: Principal, { params, body }: v.InferOutput<typeof putRegistrationInput>) {
  const { proof } = body;
  if (proof.registry_id !== body.registration_id) {
    throw new InvalidInputError('the proof is of another registration', 'REGISTRATION_ID_MISMATCH', [
      { path: 'proof.registry_id', message: 'must be the registration_id' },
    ]);
  }
  const [dpp, version] = await Promise.all([
    readDpp(params.dppId, { consistent: true }),
    readVersion(params.dppId, proof.version),
  ]);
  if (dpp?.company_id !== auth.companyId) throw dppNotFound();
  if (!version) {
    throw new ConflictError(`the passport has no version ${proof.version}, which the proof names`, 'VERSION_NOT_FOUND');
  }
  if (version.content_hash !== proof.version_hash) throw hashMismatch(proof.version);
  const storedAt = new Date().toISOString();
  const registration = { id: body.registration_id, version: proof.version, registered_at: proof.registered_at };
  const outcome = await storeRegistration(
    params.dppId,
    auth.companyId,
    registration,
    toRegistrationProofItem({
      dpp_id: params.dppId,
      company_id: auth.companyId,
      registration_id: body.registration_id,
      proof,
      stored_at: storedAt,
    }),
    proof.version_hash,
  );
  if (outcome === 'dpp_not_found') throw dppNotFound();
  if (outcome === 'version_changed') throw hashMismatch(proof.version);
  // The public page and JSON now show the identifier: the CDN drops what it kept (when there is one).
  await withdrawPublicAnswers(params.dppId, dpp.search_id);
  return {
    dpp_id: params.dppId,
    registration: { ...registration, version_hash: proof.version_hash, stored_at: storedAt },
  };
}
