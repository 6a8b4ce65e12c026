import * as v from 'valibot';
import { tierOf } from '../access-tiers/tiers';
import { isPublished } from '../dpps/model';
import { publicGetUrl } from '../files/storage';
import { id } from '../schemas';
import { dppFileNotFound } from './model';
import { dppFiles } from './repository';

export const getPublicDppFileInput = v.object({ params: v.object({ dppId: id, fileId: id }) });

/**
 * GET /dpp/{dppId}/files/{fileId}: where a published DPP's file can be downloaded without a
 * token, a short-lived signed URL of its current bytes (the handler redirects there). The file
 * and its DPP are read in ONE BatchGetItem; a file of an unpublished DPP, a deleted file, another
 * DPP's file id, a file above the `public` tier and an unknown one all answer the same not-found.
 */
export async function getPublicDppFile({ params }: v.InferOutput<typeof getPublicDppFileInput>): Promise<string> {
  const { parent, item } = await dppFiles.repository.getWithParent(params.dppId, params.fileId);
  // A restricted file answers like an unknown one: a grant's reader gets a signed URL instead.
  if (!parent || !isPublished(parent) || !item || tierOf(item) !== 'public') throw dppFileNotFound();
  return publicGetUrl(item.path, item);
}
