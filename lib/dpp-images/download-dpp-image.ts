import * as v from 'valibot';
import { accessValue, type ReadRequest, readerOf, recordRead, restrictedIds } from '../access-tiers/read-access';
import { includes, tierOf } from '../access-tiers/tiers';
import { isPublished } from '../dpps/model';
import { grantGetUrl } from '../files/storage';
import { dppImageNotFound, dppImageParams } from './model';
import { readImageWithDpp } from './repository';

export const downloadDppImageInput = v.object({
  params: dppImageParams,
  // The grant's value: in the query (the links of a grant's page and JSON), or the header (JSON clients).
  query: v.object({ access: accessValue }),
  headers: v.object({ 'x-dpp-access': accessValue }),
});

/**
 * GET /dpp/{dppId}/images/{imageId}/download: a DPP's image through an access grant, a signed URL of a
 * minute (the handler redirects there), like lib/dpp-files/download-dpp-file.ts: the grant checked on
 * every fetch, each fetch through a valid grant logged before it answers, and every case the reader
 * may not see answering the same not-found.
 */
export async function downloadDppImage(
  { params, query, headers }: v.InferOutput<typeof downloadDppImageInput>,
  request: ReadRequest,
) {
  const [{ parent, item }, reader] = await Promise.all([
    readImageWithDpp(params.dppId, params.imageId),
    readerOf(params.dppId, query.access ?? headers['x-dpp-access']),
  ]);
  if (!parent || !isPublished(parent) || !item || !includes(reader.tier, tierOf(item))) throw dppImageNotFound();
  if (reader.grant)
    await recordRead(reader.grant, 'image', { cards: [], files: [], images: restrictedIds([item]) }, request);
  return grantGetUrl(item.path);
}
