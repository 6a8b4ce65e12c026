import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { deleteFileUnder } from '../files/under-parent';
import { dppFileParams, dppScope } from './model';
import { dppFiles } from './repository';

export const deleteDppFileInput = v.object({ params: dppFileParams });

/** Deletes a DPP file and its stored bytes (unless a version pinned them). */
export async function deleteDppFile(auth: Principal, { params }: v.InferOutput<typeof deleteDppFileInput>) {
  const { modelId, dppId, fileId } = params;
  await deleteFileUnder(dppFiles, dppScope(auth.companyId, modelId), dppId, fileId);
  return { message: `File ${fileId} of DPP ${dppId} was deleted`, ok: true as const };
}
