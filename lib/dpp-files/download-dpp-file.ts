import * as v from 'valibot';
import { accessValue, type ReadRequest, readerOf, recordRead, restrictedIds } from '../access-tiers/read-access';
import { includes, tierOf } from '../access-tiers/tiers';
import { isPublished } from '../dpps/model';
import { grantGetUrl } from '../files/storage';
import { id } from '../schemas';
import { dppFileNotFound } from './model';
import { dppFiles } from './repository';

export const downloadDppFileInput = v.object({
  params: v.object({ dppId: id, fileId: id }),
  // The grant's value: in the query (the links of a grant's page and JSON), or the header (JSON clients).
  query: v.object({ access: accessValue }),
  headers: v.object({ 'x-dpp-access': accessValue }),
});

/**
 * GET /dpp/{dppId}/files/{fileId}/download: a DPP's file through an access grant, a signed URL of a
 * minute (the handler redirects there). The grant is read strongly consistent on every fetch, so a
 * revoked or expired grant's link stops at once; each fetch through a valid grant writes its
 * access-log entry before it answers. File, DPP and grant are read at once (a BatchGetItem and a
 * GetItem). A part the reader's tier does not include (a restricted file without a valid grant), a
 * file of an unpublished DPP, a deleted file, another DPP's and an unknown id answer the same not-found.
 */
export async function downloadDppFile(
  { params, query, headers }: v.InferOutput<typeof downloadDppFileInput>,
  request: ReadRequest,
) {
  const [{ parent, item }, reader] = await Promise.all([
    dppFiles.repository.getWithParent(params.dppId, params.fileId),
    readerOf(params.dppId, query.access ?? headers['x-dpp-access']),
  ]);
  if (!parent || !isPublished(parent) || !item || !includes(reader.tier, tierOf(item))) throw dppFileNotFound();
  if (reader.grant)
    await recordRead(reader.grant, 'file', { cards: [], files: restrictedIds([item]), images: [] }, request);
  return grantGetUrl(item.path, item);
}
