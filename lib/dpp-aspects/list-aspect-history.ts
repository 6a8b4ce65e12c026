import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import * as keys from '../data/keys';
import { dppHistoryPage } from '../dpps/history';
import { id, pageQuery } from '../schemas';
import { type AspectChangeItem, aspectChangeView } from './model';

export const listAspectHistoryInput = v.object({ params: v.object({ dppId: id }), query: pageQuery });

/**
 * A page of the history of a DPP's dynamic attributes, oldest first: every change the company's
 * aspect writes made, whatever the attribute's tier (the company's own view). The DPP is checked
 * on every page, as the versions' list does (lib/dpps/history.ts): a missing DPP and another
 * company's answer the same not-found; a DPP without a profile has an empty history.
 */
export async function listAspectHistory(
  auth: Principal,
  { params, query }: v.InferOutput<typeof listAspectHistoryInput>,
) {
  const page = await dppHistoryPage<AspectChangeItem>(auth, params.dppId, keys.aspectChangesRange(params.dppId), query);
  const last = page.items.at(-1);
  return {
    changes: page.items.map(aspectChangeView),
    ...(page.more && last && { nextCursor: await page.cursorAfter(last) }),
  };
}
