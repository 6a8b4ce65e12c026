import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { dppFileView } from '../dpps/model';
import { signedGetUrl } from '../files/storage';
import { getFileUnder } from '../files/under-parent';
import { dppFileParams, dppScope } from './model';
import { dppFiles } from './repository';

export const getDppFileInput = v.object({ params: dppFileParams });

/** One DPP file with a signed URL. */
export async function getDppFile(auth: Principal, { params }: v.InferOutput<typeof getDppFileInput>) {
  const item = await getFileUnder(dppFiles, dppScope(auth.companyId, params.modelId), params.dppId, params.fileId);
  // The interface shows `file` as an array here.
  return { file: [{ ...dppFileView(item), url: await signedGetUrl(item.path, item) }] };
}
