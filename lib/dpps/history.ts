import type { Principal } from '../auth/claims';
import * as table from '../aws/table';
import type { Key, KeyRange } from '../data/keys';
import * as keys from '../data/keys';
import { type CursorBinding, decodeCursor, encodeCursor } from '../data/paging';
import { queryRange } from '../data/range';
import type { PageQuery } from '../schemas';
import { type DppItem, dppNotFound } from './model';

/** An item of a DPP's history collection (a version, a notarization): it carries its company. */
export interface HistoryItem extends Key {
  company_id: string;
}

export interface HistoryPage<T> {
  items: T[];
  /** Set when more items remain after this page. */
  more: boolean;
  /** The cursor that continues the list after `item` (bound to the range and the caller's company). */
  cursorAfter: (item: T) => Promise<string>;
}

/**
 * A page of one range of a DPP's history (`HISTORY#<dppId>`: its versions, its notarizations),
 * oldest first: the one mechanism of both lists. The cursor is bound to the range and the
 * caller's company (lib/data/paging.ts): any other is INVALID_CURSOR before anything is read.
 * The DPP lives in another collection, so it is read by a GetItem sent in parallel with the
 * Query, on every page (two requests, one round trip of latency); a DPP of another company
 * answers exactly like a missing one. Reads one item more than asked to know whether another
 * page has any.
 */
export async function dppHistoryPage<T extends HistoryItem>(
  auth: Principal,
  dppId: string,
  range: KeyRange,
  page: PageQuery,
): Promise<HistoryPage<T>> {
  const binding: CursorBinding = { range, companyId: auth.companyId };
  const after = page.cursor === undefined ? undefined : await decodeCursor(page.cursor, binding);
  const [dpp, found] = await Promise.all([
    table.get<DppItem>(keys.dpp(dppId)),
    queryRange(range, page.limit + 1, after),
  ]);
  const items = found as unknown as T[];
  const owned = dpp?.company_id === auth.companyId && items.every((item) => item.company_id === auth.companyId);
  if (!owned) throw dppNotFound();
  const more = items.length > page.limit;
  if (more) items.length = page.limit;
  return { items, more, cursorAfter: (item) => encodeCursor({ pk: item.pk, sk: item.sk }, binding) };
}
