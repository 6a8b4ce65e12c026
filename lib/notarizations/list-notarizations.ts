import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { ranges } from '../data/keys';
import { dppHistoryPage } from '../dpps/history';
import { id, pageQuery } from '../schemas';
import type { NotarizationItem } from './model';
import { notarizationView } from './view';

export const listDppNotarizationsInput = v.object({ params: v.object({ dppId: id }), query: pageQuery });

/**
 * A page of the notarizations of a DPP of the caller's company, oldest version first. A cursor
 * is bound to this DPP's notarizations and the caller's company (lib/data/paging.ts): any other
 * is INVALID_CURSOR before anything is read. A DPP of another company answers like a missing
 * one, on every page.
 */
export async function listDppNotarizations(
  auth: Principal,
  { params, query }: v.InferOutput<typeof listDppNotarizationsInput>,
) {
  const page = await dppHistoryPage<NotarizationItem>(auth, params.dppId, ranges.dppNotarizations(params.dppId), query);
  const last = page.items[page.items.length - 1];
  return {
    notarizations: await Promise.all(page.items.map(notarizationView)),
    ...(page.more && last && { nextCursor: await page.cursorAfter(last) }),
  };
}
