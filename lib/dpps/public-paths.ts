import { invalidatePaths } from '../aws/cloudfront';
import { logger } from '../logger';
import { identifiersOf } from './link';

/**
 * The spellings a GTIN-14 may have in a Digital Link path (the resolver takes 8, 12, 13 or 14
 * digits, and the CDN keys on the path as sent): itself, and each shorter form its leading
 * zeros allow.
 */
const gtinSpellings = (gtin14: string): string[] =>
  [14, 13, 12, 8]
    .filter((length) => /^0*$/.test(gtin14.slice(0, 14 - length)))
    .map((length) => gtin14.slice(14 - length));

/**
 * Every public path of a DPP a CDN may keep (docs/behaviour.md, How stale a public answer can
 * be): its JSON and everything under it (versions, their verification, files, images), its
 * page, its reads by date, and, with its Digital Link identifiers, the resolver's answers for
 * its product and item and the passport API's read by its product. Each ends in `*`, so every query string under it goes too.
 */
export const publicPathsOf = (dppId: string, searchId?: string): string[] => {
  const ids = identifiersOf(searchId);
  return [
    `/dpp/${dppId}*`,
    `/passport/${dppId}*`,
    // The passport API's cached reads (docs/behaviour.md, The passport API): by date, and by its product.
    `/v1/dppsByIdAndDate/${dppId}*`,
    ...(ids ? gtinSpellings(ids.gtin).map((gtin) => `/01/${gtin}*`) : []),
    ...(ids ? [`/v1/dppsByProductId/${ids.gtin}*`] : []),
  ];
};

/**
 * After a change of what the public may read of a DPP (its publication, a part's tier): drops
 * its public paths from the CDN, when there is one (lib/aws/cloudfront.ts), so the change shows
 * within the invalidation's minute or so rather than the answers' TTLs. The change itself is
 * written already: a CDN that refuses is logged and the caller still gets its answer; the
 * answers then last as long as docs/behaviour.md's table says.
 */
export async function withdrawPublicAnswers(dppId: string, searchId?: string): Promise<void> {
  try {
    await invalidatePaths(publicPathsOf(dppId, searchId));
  } catch (error) {
    logger.warn('could not invalidate the DPP’s public paths at the CDN; they expire with their TTLs', {
      dpp_id: dppId,
      error: error as Error,
    });
  }
}
