import type { Item, TransactionItem } from '../aws/dynamodb';
import { cancellationCodes } from '../aws/errors';
import * as table from '../aws/table';
import type { WalletItem } from '../companies/model';
import { eq, exists, inRange, noItem, ofCompany, set, setAll, update, where } from '../data/expressions';
import * as keys from '../data/keys';
import { type Key, ranges } from '../data/keys';
import type { DppFileItem, DppItem } from '../dpps/model';
import type { DppVersionItem } from '../versions/model';
import type { NotarizationItem } from './model';

/**
 * All DynamoDB access of notarizations. A notarization lives in its DPP's history collection
 * (`HISTORY#<dppId>`, lib/data/keys.ts) beside the version it notarizes, and carries a copy of
 * that version's snapshot, so the notarizations view is one Query.
 */

/** What notarize reads before it writes anything. */
export interface NotarizeSource {
  dpp?: DppItem;
  /** The WALLET item of the submitter's address (which user and company own it). */
  wallet?: WalletItem;
  /** The listed files that exist (of whatever company: the caller checks). */
  files: DppFileItem[];
  /** The latest version of the DPP that is not notarized yet. */
  version?: DppVersionItem;
}

const sameKey = (a: Key) => (b: Item) => b.pk === a.pk && b.sk === a.sk;

/**
 * The latest `CREATED` version, newest first: the first page reads one version (the latest,
 * the usual answer); past it, whole pages, until one is found or none is left.
 */
async function latestCreatedVersion(dppId: string): Promise<DppVersionItem | undefined> {
  const range = ranges.dppVersions(dppId);
  let startKey: Item | undefined;
  let first = true;
  do {
    const page = await table.query({
      keyCondition: inRange(range),
      filter: where(eq('status', 'CREATED')),
      descending: true,
      startKey,
      limit: first ? 1 : undefined,
    });
    if (page.items[0]) return page.items[0] as unknown as DppVersionItem;
    startKey = page.lastKey;
    first = false;
  } while (startKey);
  return undefined;
}

/**
 * Everything notarize checks, in one round trip: a BatchGetItem of the DPP, the submitter's
 * wallet and the listed files (at most MAX_NOTARIZED_FILES + 2 keys, within its 100), sent in
 * parallel with the Query of the latest version not yet notarized.
 */
export async function readNotarizeSource(
  dppId: string,
  submitter: string,
  fileIds: readonly string[],
): Promise<NotarizeSource> {
  const dppKey = keys.dpp(dppId);
  const walletKey = keys.wallet(submitter);
  const fileKeys = fileIds.map((fileId) => keys.dppFile(dppId, fileId));
  const [items, version] = await Promise.all([
    table.batchGet([dppKey, walletKey, ...fileKeys]),
    latestCreatedVersion(dppId),
  ]);
  return {
    dpp: items.find(sameKey(dppKey)) as DppItem | undefined,
    wallet: items.find(sameKey(walletKey)) as WalletItem | undefined,
    files: fileKeys.flatMap((key) => (items.find(sameKey(key)) as DppFileItem | undefined) ?? []),
    version,
  };
}

/** What notarize sets on the version. */
export interface VersionNotarized {
  hash: string;
  signature: string;
  submitter: string;
  report_path: string;
  notarized_at: string;
  notarized_files: string[];
}

export type NotarizeOutcome = 'written' | 'version_changed' | 'retry';

/** Where the version is among the legs of the notarize transaction. */
const VERSION_LEG = 0;

/**
 * Notarizes a version in ONE transaction:
 * - the version becomes `READY` with the notarize fields, only if it is still `CREATED` and of
 *   the caller's company;
 * - the notarization record is written `PENDING` (attribute_not_exists);
 * - each of `fileIds` (files of the DPP that existed when read) gets `notarized = true`, only if
 *   it still exists and is of the company.
 * Outcomes: written; the version was notarized meanwhile (by another request); or retry (a
 * listed file was deleted meanwhile, or DynamoDB cancelled a conflicting transaction).
 */
export async function writeNotarization(
  version: DppVersionItem,
  notarized: VersionNotarized,
  notarization: NotarizationItem,
  fileIds: readonly string[],
  committed?: TransactionItem,
): Promise<NotarizeOutcome> {
  const companyId = version.company_id;
  const legs: TransactionItem[] = [
    {
      update: keys.dppVersion(version.dpp_id, version.version),
      set: update(setAll({ status: 'READY', ...notarized })),
      condition: where(eq('status', 'CREATED'), ofCompany(companyId)),
    },
    { put: { ...notarization }, condition: noItem() },
    ...fileIds.map(
      (fileId): TransactionItem => ({
        update: keys.dppFile(version.dpp_id, fileId),
        set: update(set('notarized', true)),
        condition: where(exists('pk'), ofCompany(companyId)),
      }),
    ),
    // The report's intent record (lib/files/pending-objects.ts) goes with the notarization.
    ...(committed ? [committed] : []),
  ];
  try {
    await table.transact(legs);
    return 'written';
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes === undefined) throw error;
    if (codes[VERSION_LEG] === 'ConditionalCheckFailed') return 'version_changed';
    if (codes.some((code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict')) return 'retry';
    throw error;
  }
}
