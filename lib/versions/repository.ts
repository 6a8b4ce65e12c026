import type { Item, TransactionItem } from '../aws/dynamodb';
import { cancellationCodes } from '../aws/errors';
import * as table from '../aws/table';
import { add, eq, inRange, noItem, notExists, ofCompany, set, update, where } from '../data/expressions';
import * as keys from '../data/keys';
import { ItemType, ranges } from '../data/keys';
import { readWholeRange } from '../data/range';
import type { ItemChange } from '../data/transaction';
import { dppLinkUpsert, type Manufacturer } from '../dpps/link';
import type { DppCardItem, DppFileItem, DppItem } from '../dpps/model';
import { type DppVersionItem, toDppVersionIdItem } from './model';

/**
 * All DynamoDB access of DPP versions. Versions live in the DPP's history collection
 * (`HISTORY#<dppId>`, lib/data/keys.ts); the counter `version_count` lives on the DPP item.
 */

/** The items a version snapshots: the DPP, its files and its cards. */
export interface VersionSource {
  dpp?: DppItem;
  files: DppFileItem[];
  cards: DppCardItem[];
}

/**
 * The DPP with its files and cards: one Query (more pages only past 1 MB) of the range that
 * holds them together, never the images or the stored translations (which can be large);
 * `consistent`: what the last writes left (a change made from it must find it so).
 */
export async function readVersionSource(dppId: string, options: { consistent?: boolean } = {}): Promise<VersionSource> {
  const items = await readWholeRange(ranges.dppCardsAndFiles(dppId), options);
  const ofType = <T>(type: string) => items.filter((item) => item.type === type) as T[];
  return {
    dpp: ofType<DppItem>(ItemType.Dpp)[0],
    files: ofType<DppFileItem>(ItemType.DppFile),
    cards: ofType<DppCardItem>(ItemType.DppCard),
  };
}

export type WriteOutcome = 'written' | 'version_id_taken' | 'lost_race';

/** Where the versionId claim is among the legs of the version transaction. */
const CLAIM_LEG = 2;

/**
 * A change of the DPP that its version archives in the same transaction (the passport API's
 * writes, lib/passport-api/archive.ts): the change's update of the DPP item, its conditions and
 * the legs beside it (lib/data/transaction.ts); the `updated_at` the DPP was read with (the
 * version freezes the DPP as the change leaves the DPP as read: any other write of it meanwhile
 * moved it, and the race is lost); and the company's name and country for the Digital Link entry.
 */
export interface ArchivedChange {
  write: ItemChange;
  readUpdatedAt: string;
  manufacturer?: Manufacturer;
}

/**
 * The legs of a version's own items: the version item (attribute_not_exists); the versionId claim
 * (attribute_not_exists: a duplicate versionId); on each snapshotted file, its current bytes' key
 * added to `pinned_paths`, conditioned on the file still pointing at them (replaced or deleted
 * meanwhile: the snapshot is stale); and the delete of the document's intent record
 * (lib/files/pending-objects.ts), so it goes with the version.
 */
export function versionItemLegs(
  version: DppVersionItem,
  files: ReadonlyArray<{ id: string; path: string }>,
  committed?: TransactionItem,
): TransactionItem[] {
  const { dpp_id: dppId, company_id: companyId } = version;
  return [
    { put: { ...version }, condition: noItem() },
    { put: { ...toDppVersionIdItem(dppId, version.id, version.version) }, condition: noItem() },
    ...files.map(
      (file): TransactionItem => ({
        update: keys.dppFile(dppId, file.id),
        set: update(add('pinned_paths', new Set([file.path]))),
        condition: where(eq('path', file.path), ofCompany(companyId)),
      }),
    ),
    ...(committed ? [committed] : []),
  ];
}

/**
 * The legs of version `version.version`'s ONE transaction:
 * - the DPP's counter moves from `previousCount` to the version's number (conditioned on the
 *   company and on the counter still being `previousCount`: a concurrent create lost or won);
 *   with a `change`, the same leg is the change's update of the DPP (a transaction names an item
 *   once) on its conditions too, and on the DPP's `updated_at` still being the one read;
 * - the version's own items (versionItemLegs);
 * - the DPP's GS1 Digital Link entry, from `dpp` (the DPP as the version freezes it);
 * - the change's other legs (an aspect write's history entries).
 */
export function versionLegs(
  version: DppVersionItem,
  previousCount: number,
  files: ReadonlyArray<{ id: string; path: string }>,
  dpp: DppItem,
  committed?: TransactionItem,
  change?: ArchivedChange,
): TransactionItem[] {
  // The DPP's GS1 Digital Link entry learns the new latest version.
  const link = dppLinkUpsert(
    { ...dpp, version_count: version.version },
    { version: version.version, hash: version.content_hash, created_at: version.created_at },
    change?.manufacturer,
  );
  return [
    {
      update: keys.dpp(version.dpp_id),
      set: update(...(change?.write.actions ?? []), set('version_count', version.version)),
      condition: where(
        ofCompany(version.company_id),
        previousCount === 0 ? notExists('version_count') : eq('version_count', previousCount),
        ...(change ? [...change.write.conditions, eq('updated_at', change.readUpdatedAt)] : []),
      ),
    },
    ...versionItemLegs(version, files, committed),
    ...(link ? [link] : []),
    ...(change?.write.legs ?? []),
  ];
}

/**
 * Writes a version's legs (versionLegs) in ONE transaction. Outcomes: written; the versionId is
 * taken; or the race was lost (the counter moved, the DPP changed, a file changed, or DynamoDB
 * cancelled a conflicting transaction): read again and retry.
 */
export async function writeVersion(legs: TransactionItem[]): Promise<WriteOutcome> {
  try {
    await table.transact(legs);
    return 'written';
  } catch (error) {
    const reasons = cancellationCodes(error);
    if (reasons === undefined) throw error;
    if (reasons[CLAIM_LEG] === 'ConditionalCheckFailed') return 'version_id_taken';
    if (reasons.includes('ConditionalCheckFailed') || reasons.includes('TransactionConflict')) return 'lost_race';
    throw error;
  }
}

/**
 * One version of a DPP with the DPP item (whether it is published): ONE BatchGetItem, strongly
 * consistent, so a version's `uri` resolves as soon as it is handed out.
 */
export async function getPublicVersion(
  dppId: string,
  version: number,
): Promise<{ version?: DppVersionItem; dpp?: Pick<DppItem, 'published'> }> {
  const items = await table.batchGet([keys.dppVersion(dppId, version), keys.dpp(dppId)], { consistent: true });
  return {
    version: items.find((item) => item.type === ItemType.DppVersion) as DppVersionItem | undefined,
    dpp: items.find((item) => item.type === ItemType.Dpp) as DppItem | undefined,
  };
}

/** Versions a page of versionCurrentAt reads, newest first. */
const VERSIONS_PAGE = 20;

/**
 * The version of a DPP that was current at `at` (an ISO 8601 instant in UTC): the newest one
 * created at or before it, or undefined (none yet then). Queries the DPP's versions newest first,
 * a page of VERSIONS_PAGE at a time, so it reads only the versions taken since `at` and one more.
 */
export async function versionCurrentAt(dppId: string, at: string): Promise<DppVersionItem | undefined> {
  let startKey: Item | undefined;
  do {
    const page = await table.query({
      keyCondition: inRange(ranges.dppVersions(dppId)),
      descending: true,
      limit: VERSIONS_PAGE,
      startKey,
    });
    const found = (page.items as unknown as DppVersionItem[]).find((version) => version.created_at <= at);
    if (found) return found;
    startKey = page.lastKey;
  } while (startKey);
  return undefined;
}
