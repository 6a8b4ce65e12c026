import * as table from '../aws/table';
import { partition } from '../data/expressions';
import * as keys from '../data/keys';
import { gtinCollection } from '../data/keys';
import type { DppLinkItem } from '../dpps/link';

/** The most items of one GTIN the product level reads (one Query page; docs/choices.md, Resolver). */
export const PRODUCT_LEVEL_LIMIT = 100;

/** The Digital Link entry of one item: ONE GetItem. */
export const readItemLink = (gtin14: string, serial: string) => table.get<DppLinkItem>(keys.dppLink(gtin14, serial));

/** The Digital Link entries of one product (GTIN), in serial order: ONE Query of at most PRODUCT_LEVEL_LIMIT. */
export async function readProductLinks(gtin14: string): Promise<DppLinkItem[]> {
  const { items } = await table.query({ keyCondition: partition(gtinCollection(gtin14)), limit: PRODUCT_LEVEL_LIMIT });
  return items as unknown as DppLinkItem[];
}

/**
 * The ids of the published DPPs of one product (GTIN), oldest first (UUIDv7 ids sort by creation):
 * ONE Query of its Digital Link entries (readProductLinks), so at most PRODUCT_LEVEL_LIMIT.
 */
export async function publishedDppIdsOf(gtin14: string): Promise<string[]> {
  return (await readProductLinks(gtin14))
    .filter((link) => link.published)
    .map((link) => link.dpp_id)
    .sort();
}
