import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { changedDpp } from '../dpps/model';
import { dppChangeOf } from '../dpps/repository';
import { id } from '../schemas';
import { archivedChange } from './archive';

export const deletePassportInput = v.object({ params: v.object({ dppId: id }) });

/**
 * DeleteDPPById (DELETE /v1/dpps/{dppId}): archives, never destroys. The passport is withdrawn
 * from the public (`published: false`, as `PUT /dpps/{dppId}` would; its public routes answer it
 * like an unknown DPP and the CDN drops what it kept) and marked `archived_at`, and a version
 * archives it as it now stands, in one transaction (lib/passport-api/archive.ts). Every version,
 * document and file stays, and the company still reads them all; `PATCH` with `dppStatus:
 * "active"` publishes it again. Another company's DPP answers like a missing one.
 */
export async function deletePassport(auth: Principal, { params }: v.InferOutput<typeof deletePassportInput>) {
  return archivedChange(
    auth,
    params.dppId,
    (read, at) => {
      const changes = { published: false, archived_at: at, updated_at: at };
      return { dpp: changedDpp(read, changes), write: dppChangeOf(auth.companyId, changes) };
    },
    { withdraw: true },
  );
}
