import type { Item, TransactionItem } from '../aws/dynamodb';
import { cancellationCodes, isConditionFailure } from '../aws/errors';
import * as table from '../aws/table';
import type { UserItem } from '../companies/model';
import { append, contains, indexPrefix, noItem, not, ofCompany, set, update, where } from '../data/expressions';
import * as keys from '../data/keys';
import { gsi1, ItemType, ranges } from '../data/keys';
import { readWholeRange } from '../data/range';
import type { DppCardItem, DppFileItem, DppItem } from '../dpps/model';

/**
 * DynamoDB access of related DPPs (docs/data-model.md): a company's DPPs on gsi1, its
 * partners, the DPPs its DPPs link to, and the link's one transaction. No Scan.
 */

/** A company's DPPs (gsi1: `COMPANY#<id>` / `DPP#…`), oldest first. */
export async function readCompanyDpps(companyId: string): Promise<DppItem[]> {
  const { gsi1pk, prefix } = gsi1.companyDpps(companyId);
  return table.queryAll<DppItem>({
    index: gsi1.name,
    keyCondition: indexPrefix(gsi1pk, prefix),
  });
}

/** The ids of a company's partner companies. */
export async function readPartnerIds(companyId: string): Promise<string[]> {
  const items = await readWholeRange(ranges.partners(companyId));
  return items.map((item) => item.partner_id as string);
}

/** A user of a company, or undefined. */
export const readUser = (companyId: string, userId: string): Promise<UserItem | undefined> =>
  table.get<UserItem>(keys.user(companyId, userId));

/** BatchGetItem's limit of keys per request. */
const BATCH_GET_KEYS = 100;

/** DPPs by id (BatchGetItem, 100 keys per request, sent in parallel); ids that name no DPP are left out. */
export async function readDpps(ids: readonly string[]): Promise<DppItem[]> {
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += BATCH_GET_KEYS) batches.push(ids.slice(i, i + BATCH_GET_KEYS));
  const found = await Promise.all(batches.map((batch) => table.batchGet(batch.map((id) => keys.dpp(id)))));
  return found.flat().filter((item): item is Item & DppItem => item.type === ItemType.Dpp);
}

/** A DPP with its tech cards and files (not its images or translations): what linking copies, or keeps. */
export interface LinkableDpp {
  dpp?: DppItem;
  files: DppFileItem[];
  cards: DppCardItem[];
}

/** One Query of the DPP's collection, from its cards to its files (`ranges.dppCardsAndFiles`). */
export async function readLinkable(dppId: string): Promise<LinkableDpp> {
  const items = await readWholeRange(ranges.dppCardsAndFiles(dppId));
  const ofType = <T>(type: string) => items.filter((item) => item.type === type) as T[];
  return {
    dpp: ofType<DppItem>(ItemType.Dpp)[0],
    files: ofType<DppFileItem>(ItemType.DppFile),
    cards: ofType<DppCardItem>(ItemType.DppCard),
  };
}

/**
 * Records new links on the target and writes the copies, in ONE transaction: the ids in
 * `linked` are appended to the target's `related_dpps` only if the target is still the
 * company's and none of them was linked meanwhile (so the same DPP is never copied twice, while
 * links of other DPPs to the same target do not conflict), and every copy is a new item. False
 * when the race was lost (a condition failed, or DynamoDB cancelled a conflicting transaction on
 * the target): nothing was written; read again and retry. `committed` deletes the copied
 * objects' intent record (lib/files/pending-objects.ts) in the same transaction.
 */
export async function writeLinks(
  target: { dppId: string; companyId: string },
  linked: readonly string[],
  copies: ReadonlyArray<DppFileItem | DppCardItem>,
  updatedAt: string,
  committed?: TransactionItem,
): Promise<boolean> {
  const links: TransactionItem = {
    update: keys.dpp(target.dppId),
    set: update(append('related_dpps', linked), set('updated_at', updatedAt)),
    condition: where(ofCompany(target.companyId), ...linked.map((id) => not(contains('related_dpps', id)))),
  };
  const puts: TransactionItem[] = copies.map((item) => ({ put: { ...item }, condition: noItem() }));
  try {
    await table.transact([links, ...puts, ...(committed ? [committed] : [])]);
    return true;
  } catch (error) {
    if (isConditionFailure(error) || cancellationCodes(error)?.includes('TransactionConflict')) return false;
    throw error;
  }
}
