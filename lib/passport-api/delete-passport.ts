import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { dppNotFound } from '../dpps/model';
import { withdrawPublicAnswers } from '../dpps/public-paths';
import { writeDppChanges } from '../dpps/repository';
import { id } from '../schemas';
import { archived } from './archive';

export const deletePassportInput = v.object({ params: v.object({ dppId: id }) });

/**
 * DeleteDPPById (DELETE /v1/dpps/{dppId}): archives, never destroys. The passport is withdrawn
 * from the public (`published: false`, as `PUT /dpps/{dppId}` would; its public routes answer it
 * like an unknown DPP and the CDN drops what it kept) and marked `archived_at`; then a version
 * archives it as it now stands. Every version, document and file stays, and the company still
 * reads them all; `PATCH` with `dppStatus: "active"` publishes it again. Another company's DPP
 * answers like a missing one.
 */
export async function deletePassport(auth: Principal, { params }: v.InferOutput<typeof deletePassportInput>) {
  const now = new Date().toISOString();
  const outcome = await writeDppChanges(params.dppId, auth.companyId, {
    published: false,
    archived_at: now,
    updated_at: now,
  });
  if ('refused' in outcome) throw dppNotFound();
  await withdrawPublicAnswers(params.dppId, outcome.updated.search_id);
  return archived(auth, params.dppId);
}
