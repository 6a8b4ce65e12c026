import type { TransactionItem } from '../aws/dynamodb';
import { setAll, update } from '../data/expressions';
import * as keys from '../data/keys';
import { ItemType } from '../data/keys';
import { type DppItem, isPublished } from './model';

/**
 * A DPP's GS1 Digital Link entry: the copy of what the resolver answers from, keyed by the
 * product identifiers (`GTIN#<gtin14>` / `LINK#<serial>`), so an item-level or product-level
 * Digital Link URI is answered with ONE Query (docs/data-model.md). The DPP's writes keep it
 * current: POST /dpps puts it with the DPP, PUT /dpps/{dppId} and a new version upsert it
 * (which also writes it for a DPP stored before the entry existed).
 */
export interface DppLinkItem {
  pk: string;
  sk: string;
  type: typeof ItemType.DppLink;
  dpp_id: string;
  company_id: string;
  gtin: string;
  serial: string;
  name: string;
  description: string;
  language: string;
  /** isPublished of the DPP as last written. */
  published: boolean;
  version_count: number;
  updated_at: string;
  /** The newest version: its number, the SHA-256 of its canonical document, and when it was taken. */
  latest_version?: LatestVersion;
}

export interface LatestVersion {
  version: number;
  hash: string;
  created_at: string;
}

/** `01/<GTIN-14>/21/<serial>`: the identifiers of a DPP's `search_id`, or undefined for another shape. */
export function identifiersOf(searchId: string | undefined): { gtin: string; serial: string } | undefined {
  const match = /^01\/(\d{14})\/21\/([^/]{1,20})$/.exec(searchId ?? '');
  return match ? { gtin: match[1]!, serial: match[2]! } : undefined;
}

/** The entry's fields that come from the DPP item (everything but the latest version). */
function fieldsOf(dpp: DppItem, ids: { gtin: string; serial: string }) {
  return {
    type: ItemType.DppLink,
    dpp_id: dpp.id,
    company_id: dpp.company_id,
    gtin: ids.gtin,
    serial: ids.serial,
    name: dpp.name,
    description: dpp.description,
    language: dpp.language,
    published: isPublished(dpp),
    version_count: dpp.version_count ?? 0,
    updated_at: dpp.updated_at,
  };
}

/** The entry of a new DPP (no version yet), or undefined when its `search_id` is no item Digital Link path. */
export function toDppLinkItem(dpp: DppItem): DppLinkItem | undefined {
  const ids = identifiersOf(dpp.search_id);
  return ids && { ...keys.dppLink(ids.gtin, ids.serial), ...fieldsOf(dpp, ids) };
}

/**
 * A transaction leg (or an UpdateItem) that writes the entry from the DPP as it is after a
 * write, and the latest version when one was just taken; none when the DPP has no item path.
 */
export function dppLinkUpsert(dpp: DppItem, latest?: LatestVersion): TransactionItem | undefined {
  const ids = identifiersOf(dpp.search_id);
  if (!ids) return undefined;
  return {
    update: keys.dppLink(ids.gtin, ids.serial),
    set: update(setAll({ ...fieldsOf(dpp, ids), ...(latest && { latest_version: latest }) })),
  };
}
