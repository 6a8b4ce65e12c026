import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { ranges } from '../data/keys';
import { dppHistoryPage } from '../dpps/history';
import { MAX_VERSIONS_PAGE_BYTES } from '../limits';
import { id, pageQuery } from '../schemas';
import type { DppVersionItem } from './model';
import { versionView } from './view';

export const listDppVersionsInput = v.object({ params: v.object({ dppId: id }), query: pageQuery });

/**
 * A page of a DPP's versions, oldest first, each with its public `uri` and the files (signed
 * URLs to the bytes of that version) and cards it froze. The DPP must be the caller's, checked
 * on every page: a missing DPP and another company's answer the same not-found. A cursor is
 * bound to this DPP's versions and the caller's company (lib/data/paging.ts). A page also
 * stops before its JSON passes MAX_VERSIONS_PAGE_BYTES (always holding one version at least).
 */
export async function listDppVersions(auth: Principal, { params, query }: v.InferOutput<typeof listDppVersionsInput>) {
  const page = await dppHistoryPage<DppVersionItem>(auth, params.dppId, ranges.dppVersions(params.dppId), query);
  const views = await Promise.all(page.items.map(versionView));
  let kept = 0;
  for (let bytes = 0; kept < views.length; kept++) {
    bytes += Buffer.byteLength(JSON.stringify(views[kept]));
    if (kept > 0 && bytes > MAX_VERSIONS_PAGE_BYTES) break;
  }
  const last = page.items[kept - 1];
  const more = page.more || kept < views.length;
  return {
    versions: views.slice(0, kept),
    ...(more && last && { nextCursor: await page.cursorAfter(last) }),
  };
}
