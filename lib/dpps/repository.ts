import type { Expression, TransactionItem } from '../aws/dynamodb';
import { isConditionFailure } from '../aws/errors';
import * as table from '../aws/table';
import { KybStatus } from '../companies/kyb/model';
import {
  and,
  eq,
  ne,
  noItem,
  notExists,
  ofCompany,
  or,
  partialActions,
  partition,
  set,
  setAll,
  update,
  where,
} from '../data/expressions';
import * as keys from '../data/keys';
import { dppCollection, ItemType } from '../data/keys';
import { type ItemChange, transactWithConditions } from '../data/transaction';
import { dppLinkUpsert, identifiersOf, type LatestVersion, manufacturerOf, toDppLinkItem } from './link';
import type { DppCardItem, DppFileItem, DppImageItem, DppItem } from './model';
import { type TranslatedUnit, unitsOf } from './translations';

/** A DPP with everything the passport shows, and the asked language's stored translation. */
export interface DppCollection {
  dpp?: DppItem;
  images: DppImageItem[];
  files: DppFileItem[];
  cards: DppCardItem[];
  stored: Map<string, TranslatedUnit>;
}

/** The items of a DPP's collection by type: one Query (more pages only past 1 MB); `filter` drops some server-side. */
async function readCollection(dppId: string, filter?: Expression) {
  const items = await table.queryAll({
    keyCondition: partition(dppCollection(dppId)),
    filter,
  });

  const ofType = <T>(type: string) => items.filter((i) => i.type === type) as T[];
  return {
    dpp: ofType<DppItem>(ItemType.Dpp)[0],
    images: ofType<DppImageItem>(ItemType.DppImage),
    files: ofType<DppFileItem>(ItemType.DppFile),
    cards: ofType<DppCardItem>(ItemType.DppCard),
    translations: ofType<Record<string, unknown>>(ItemType.DppTranslation),
  };
}

/**
 * Reads the DPP with images, files, cards and the asked language's stored translation
 * in ONE Query of its item collection (other languages are filtered out server-side).
 */
export async function readDppCollection(dppId: string, language: string): Promise<DppCollection> {
  const { translations, ...parts } = await readCollection(
    dppId,
    // Key attributes cannot be filtered on; every translation item carries its language.
    where(or(ne('type', ItemType.DppTranslation), eq('language', language))),
  );
  return { ...parts, stored: unitsOf(translations[0]) };
}

/** A DPP with everything under it, as its company sees it (GET /dpps/{dppId}). */
export interface WholeDpp {
  dpp?: DppItem;
  images: DppImageItem[];
  files: DppFileItem[];
  cards: DppCardItem[];
  /** The languages of its stored translations, in alphabetical order. */
  translations: string[];
}

/** The DPP with its images, files, cards and every stored translation: ONE Query of its item collection. */
export async function readWholeDpp(dppId: string): Promise<WholeDpp> {
  const { translations, ...parts } = await readCollection(dppId);
  return { ...parts, translations: translations.map((item) => String(item.language)).sort() };
}

/** The SET of a translation item that merges `units` into it (creating it), leaving its other units as they are. */
function translationSet(language: string, units: Record<string, TranslatedUnit>): Expression {
  return update(set('type', ItemType.DppTranslation), set('language', language), setAll(units));
}

/** Merges new units into the language's item (creating it), leaving other units as they are. */
export async function storeTranslations(dppId: string, language: string, units: Record<string, TranslatedUnit>) {
  await table.update(keys.dppTranslation(dppId, language), translationSet(language, units));
}

/**
 * A transaction leg that holds only while the DPP exists and is the company's: what a write
 * under a DPP (a card, an image, a supplied translation) is conditioned on, so it never lands
 * under another company's DPP or a missing one (TransactionCanceledException otherwise).
 */
export const dppOfCompany = (dppId: string, companyId: string): TransactionItem => ({
  check: keys.dpp(dppId),
  condition: where(ofCompany(companyId)),
});

/**
 * Writes `legs` (items under a DPP) in one transaction with dppOfCompany first (a conflicting
 * transaction is sent again: lib/data/transaction.ts): false when a condition did not hold (the
 * DPP is missing or another company's, or a leg's own condition), and nothing was written.
 */
export async function writeUnderDpp(dppId: string, companyId: string, legs: TransactionItem[]): Promise<boolean> {
  const failed = await transactWithConditions([dppOfCompany(dppId, companyId), ...legs]);
  return failed.length === 0;
}

/**
 * Merges a company's own translated units into the language's item, in one transaction with
 * the check that the DPP is the company's (false when it is not, and nothing is written).
 */
export const storeSuppliedTranslations = (
  dppId: string,
  companyId: string,
  language: string,
  units: Record<string, TranslatedUnit>,
): Promise<boolean> =>
  writeUnderDpp(dppId, companyId, [
    { update: keys.dppTranslation(dppId, language), set: translationSet(language, units) },
  ]);

/** A leg that holds only while the template is the company's (a DPP names only its company's templates). */
export const templateOfCompany = (templateId: string, companyId: string): TransactionItem => ({
  check: keys.template(templateId),
  condition: where(ofCompany(companyId)),
});

export type NewDppOutcome = 'written' | 'kyb_required' | 'template_not_found';

/** The condition of every new DPP's transaction: its company's KYB is VERIFIED. */
const kybVerifiedCheck = (companyId: string): TransactionItem => ({
  check: keys.company(companyId),
  condition: where(eq(['kyb', 'status'], KybStatus.Verified)),
});

/**
 * A new DPP's GS1 Digital Link entry (what the resolver reads), when its search_id is an item
 * path, with the company's name and country the DPP carries for the JSON-LD's manufacturer.
 */
const linkItemOf = (item: DppItem) =>
  identifiersOf(item.search_id) &&
  toDppLinkItem(item, {
    manufacturer: manufacturerOf({ name: item.company_name, country_code: item.company_country }),
  });

/**
 * Writes a new DPP in ONE transaction with what creating one needs: the template it names, if
 * any, is the company's (a ConditionCheck on the template item), the company's KYB status is
 * VERIFIED (a ConditionCheck on the company item), and the id is new (the Put). The
 * cancellation reasons say which condition refused it; a refused transaction wrote nothing.
 */
export async function putNewDpp(
  item: DppItem,
  /** Its first version, written in the same transaction (the passport API's CreateDPP): the entry names it, its legs go beside. */
  archive?: { latest: LatestVersion; legs: readonly TransactionItem[] },
): Promise<NewDppOutcome> {
  const kybVerified = kybVerifiedCheck(item.company_id);
  // The template first: a request naming a wrong one is wrong whatever the company's KYB status.
  const template = item.template_id === undefined ? [] : [templateOfCompany(item.template_id, item.company_id)];
  // Its GS1 Digital Link entry with it (what the resolver reads), when its search_id is an item path
  // (createDpp read the company once for the DPP's copy of its name and country and the entry's).
  const link = linkItemOf(item);
  const failed = await transactWithConditions([
    ...template,
    kybVerified,
    { put: { ...item }, condition: noItem() },
    ...(link ? [{ put: { ...link, ...(archive && { latest_version: archive.latest }) }, condition: noItem() }] : []),
    ...(archive?.legs ?? []),
  ]);
  if (failed.length === 0) return 'written';
  if (template.length > 0 && failed.includes(0)) return 'template_not_found';
  if (failed.includes(template.length)) return 'kyb_required';
  throw new Error(`a new DPP's id ${item.id} is taken`);
}

/** Why an imported DPP was not written (lib/imports/apply.ts). */
export type ImportedDppOutcome = NewDppOutcome | 'product_exists' | 'link_taken';

/**
 * A DPP of an import row: putNewDpp's transaction (the template, KYB, the DPP, its GS1 Digital
 * Link entry) plus the product's key item (`PRODUCT#<companyId>`, what an import is idempotent
 * on), both put only where none is: two rows or two runs for one product never make two DPPs.
 * `link_taken`: the row's GTIN and serial are another DPP's.
 */
export async function putImportedDpp(
  item: DppItem,
  productItem: Record<string, unknown>,
  extra: ReadonlyArray<Record<string, unknown>> = [],
): Promise<ImportedDppOutcome> {
  const { legs, at, link } = importedDppLegs(item, productItem, extra);
  const failed = await transactWithConditions(legs);
  if (failed.length === 0) return 'written';
  if (at > 0 && failed.includes(0)) return 'template_not_found';
  if (failed.includes(at)) return 'kyb_required';
  if (failed.includes(at + 2)) return 'product_exists';
  if (link && failed.includes(at + 3)) return 'link_taken';
  throw new Error(`a new DPP's id ${item.id} is taken`);
}

/** The legs of putImportedDpp's transaction; `at`: the KYB leg's index (after the template's). `extra`: new items beside (its aspects' history). */
function importedDppLegs(
  item: DppItem,
  productItem: Record<string, unknown>,
  extra: ReadonlyArray<Record<string, unknown>> = [],
) {
  const kybVerified = kybVerifiedCheck(item.company_id);
  const template = item.template_id === undefined ? [] : [templateOfCompany(item.template_id, item.company_id)];
  const link = linkItemOf(item);
  const legs: TransactionItem[] = [
    ...template,
    kybVerified,
    { put: { ...item }, condition: noItem() },
    { put: { ...productItem }, condition: noItem() },
    ...(link ? [{ put: { ...link }, condition: noItem() }] : []),
    ...extra.map((put): TransactionItem => ({ put: { ...put }, condition: noItem() })),
  ];
  return { legs, at: template.length, link };
}

/**
 * Several imported DPPs in ONE transaction (a bulk import's fast path, at most 100 legs): all are
 * written or none is. False when any condition failed: the caller then writes each alone
 * (putImportedDpp), which says which one and why. The KYB check is one leg for all (one company).
 */
export async function putImportedDpps(
  entries: ReadonlyArray<{
    item: DppItem;
    productItem: Record<string, unknown>;
    extra?: ReadonlyArray<Record<string, unknown>>;
  }>,
): Promise<boolean> {
  const legs: TransactionItem[] = [];
  const checked = new Set<string>();
  for (const { item, productItem, extra } of entries) {
    for (const leg of importedDppLegs(item, productItem, extra).legs) {
      // A transaction may name an item once: the company's KYB and a shared template are checked once.
      if ('check' in leg) {
        const key = `${leg.check.pk}|${leg.check.sk}`;
        if (checked.has(key)) continue;
        checked.add(key);
      }
      legs.push(leg);
    }
  }
  if (legs.length > 100) throw new Error(`putImportedDpps: ${legs.length} legs, a transaction takes 100`);
  const failed = await transactWithConditions(legs);
  return failed.length === 0;
}

/** What PUT /dpps/{dppId} may change; `template_id: null` unlinks the template. */
export interface DppChanges {
  name?: string;
  description?: string;
  dpp_type?: string;
  language?: string;
  template_id?: string | null;
  published?: boolean;
  commodity_code?: string | null;
  facility_id?: string | null;
  /** Set by an archive through the passport API (lib/passport-api/delete-passport.ts); null clears it. */
  archived_at?: string | null;
  updated_at: string;
}

export type DppUpdate = { updated: DppItem } | { refused: 'dpp_not_found' | 'template_not_found' };

/**
 * Applies `changes` to a DPP of the company: ONE UpdateItem conditioned on the DPP being the
 * company's, which answers the item as stored after it. A change that names a template is ONE
 * transaction instead, whose other leg checks the template is the company's, then a strongly
 * consistent GetItem reads the DPP back (a transaction answers no item). Then the DPP's GS1
 * Digital Link entry is written from the DPP as stored (lib/dpps/link.ts).
 */
export async function writeDppChanges(
  dppId: string,
  companyId: string,
  changes: DppChanges,
  /** The DPP's aspects must still be at this revision (publishing checked them complete): else `dpp_not_found`, re-read to tell. */
  aspectsRevision?: number,
): Promise<DppUpdate> {
  // The company's name and country for the entry's manufacturer, read beside the change (no added latency).
  const [outcome, manufacturer] = await Promise.all([
    changeDpp(dppId, companyId, changes, aspectsRevision),
    readManufacturer(companyId),
  ]);
  if ('updated' in outcome) {
    const link = dppLinkUpsert(outcome.updated, undefined, manufacturer);
    if (link && 'update' in link) await table.update(link.update, link.set);
  }
  return outcome;
}

/** A DPP's GS1 Digital Link entry written again from the DPP as it now stands (after a change of its fields beside an aspect write). */
export async function refreshDppLink(dpp: DppItem): Promise<void> {
  const link = dppLinkUpsert(dpp, undefined, await readManufacturer(dpp.company_id));
  if (link && 'update' in link) await table.update(link.update, link.set);
}

/**
 * `changes` as the parts of an update of the DPP item (lib/data/transaction.ts): its partial SET
 * and REMOVE, on the DPP being the company's (and at `aspectsRevision`, when given), and the
 * check that a template it names is the company's. What writeDppChanges writes, alone, and the
 * passport API's writes with their version (lib/versions/repository.ts, versionLegs).
 */
export function dppChangeOf(companyId: string, changes: DppChanges, aspectsRevision?: number): ItemChange {
  const revision =
    aspectsRevision === undefined
      ? []
      : aspectsRevision === 0
        ? [or(notExists('aspects_revision'), eq('aspects_revision', 0))]
        : [eq('aspects_revision', aspectsRevision)];
  return {
    actions: partialActions({ ...changes }),
    conditions: [ofCompany(companyId), ...revision],
    legs: typeof changes.template_id === 'string' ? [templateOfCompany(changes.template_id, companyId)] : [],
  };
}

async function changeDpp(
  dppId: string,
  companyId: string,
  changes: DppChanges,
  aspectsRevision?: number,
): Promise<DppUpdate> {
  const parts = dppChangeOf(companyId, changes, aspectsRevision);
  const change = update(parts.actions);
  const key = keys.dpp(dppId);
  const condition = where(and(...parts.conditions));
  if (parts.legs.length === 0) {
    try {
      return { updated: await table.update<DppItem>(key, change, condition) };
    } catch (error) {
      if (isConditionFailure(error)) return { refused: 'dpp_not_found' };
      throw error;
    }
  }
  const failed = await transactWithConditions([{ update: key, set: change, condition }, ...parts.legs]);
  if (failed.includes(0)) return { refused: 'dpp_not_found' };
  if (failed.length > 0) return { refused: 'template_not_found' };
  const updated = await table.get<DppItem>(key, { consistent: true });
  // Only a concurrent removal could take it away; there is no DPP delete, so this is the item written.
  return updated ? { updated } : { refused: 'dpp_not_found' };
}

/** A company's name and country as a DPP's Digital Link entry copies them: ONE GetItem of the company item. */
const readManufacturer = async (companyId: string) =>
  manufacturerOf(await table.get<{ name?: string; country_code?: string }>(keys.company(companyId)));

/** A template's company, profile and category (what a DPP made from it takes): ONE GetItem. */
export const readTemplateProfile = (
  templateId: string,
): Promise<{ company_id: string; profile?: string; category?: string } | undefined> =>
  table.get<{ company_id: string; profile?: string; category?: string }>(keys.template(templateId));

/** The DPP item alone: ONE GetItem (`consistent`: what the last write left). */
export const readDpp = (dppId: string, options: { consistent?: boolean } = {}): Promise<DppItem | undefined> =>
  table.get<DppItem>(keys.dpp(dppId), options);

export type SuccessorOutcome = 'written' | 'kyb_required' | 'changed';

/**
 * Writes a successor passport (docs/behaviour.md, Lifecycle) in ONE transaction with what it needs:
 * the company's KYB status VERIFIED (as for any new DPP), the new DPP (its id new) with its GS1
 * Digital Link entry, and on its predecessor `replaced_by`, conditioned on the predecessor being
 * the company's and exactly as it was read (`updated_at`), not replaced and not ceased. So the
 * link is written both ways or not at all, and the copy is of the predecessor as it stands.
 */
export async function putSuccessor(item: DppItem, predecessor: DppItem): Promise<SuccessorOutcome> {
  const kybVerified = kybVerifiedCheck(item.company_id);
  const link = linkItemOf(item);
  const failed = await transactWithConditions([
    kybVerified,
    {
      update: keys.dpp(predecessor.id),
      set: update(set('replaced_by', item.id), set('updated_at', item.created_at)),
      condition: where(
        ofCompany(item.company_id),
        eq('updated_at', predecessor.updated_at),
        notExists('replaced_by'),
        notExists('ceased_at'),
      ),
    },
    { put: { ...item }, condition: noItem() },
    ...(link ? [{ put: { ...link }, condition: noItem() }] : []),
  ]);
  if (failed.length === 0) return 'written';
  if (failed.includes(0)) return 'kyb_required';
  if (failed.includes(1)) return 'changed';
  throw new Error(`a new DPP's id ${item.id} is taken`);
}

/**
 * Marks a DPP ceased (docs/behaviour.md, Lifecycle): ONE UpdateItem conditioned on the DPP being
 * the company's and exactly as it was read (`updated_at`: its status was checked on that read).
 * The DPP as stored after it, or undefined when the condition did not hold (nothing written).
 */
export async function markCeased(dpp: DppItem, ceasedAt: string): Promise<DppItem | undefined> {
  try {
    return await table.update<DppItem>(
      keys.dpp(dpp.id),
      update(set('ceased_at', ceasedAt), set('updated_at', ceasedAt)),
      where(ofCompany(dpp.company_id), eq('updated_at', dpp.updated_at), notExists('ceased_at')),
    );
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** The DPP item alone, strongly consistent (what a write that depends on it reads first): ONE GetItem. */
export const readDppConsistently = (dppId: string): Promise<DppItem | undefined> =>
  readDpp(dppId, { consistent: true });

/** DPPs by id, 100 a request (BatchGetItem): a bulk import's upserts read their passports at once. */
export async function readDpps(dppIds: readonly string[]): Promise<Map<string, DppItem>> {
  const found = new Map<string, DppItem>();
  const unique = [...new Set(dppIds)];
  for (let i = 0; i < unique.length; i += 100) {
    const items = (await table.batchGet(unique.slice(i, i + 100).map((id) => keys.dpp(id)))) as unknown as DppItem[];
    for (const item of items) found.set(item.id, item);
  }
  return found;
}
