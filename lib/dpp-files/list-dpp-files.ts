import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { companyScope } from '../auth/tenancy';
import { dppFileView } from '../dpps/model';
import { signedGetUrl } from '../files/storage';
import { listFilesUnder } from '../files/under-parent';
import { id, pageQuery } from '../schemas';
import { dppFiles } from './repository';

export const listDppFilesInput = v.object({ params: v.object({ dppId: id }), query: pageQuery });

/** A page of a DPP's files, each with a signed URL. */
export async function listDppFiles(auth: Principal, input: v.InferOutput<typeof listDppFilesInput>) {
  const { files, nextCursor } = await listFilesUnder(dppFiles, companyScope(auth), input.params.dppId, input.query);
  return {
    files: await Promise.all(
      files.map(async (item) => ({ ...dppFileView(item), url: await signedGetUrl(item.path, item) })),
    ),
    ...(nextCursor && { nextCursor }),
  };
}
