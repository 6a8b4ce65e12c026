import * as table from '../aws/table';
import type { CompanyItem } from '../companies/model';
import { inRange, partition } from '../data/expressions';
import * as keys from '../data/keys';
import { dppCollection, ItemType, ranges } from '../data/keys';
import type { DppCardItem, DppFileItem, DppImageItem, DppItem } from '../dpps/model';
import { type TranslatedUnit, unitsOf } from '../dpps/translations';
import type { NotarizationItem } from '../notarizations/model';
import type { DppVersionItem } from '../versions/model';

/** The most versions the passport page lists (the newest); older ones stay at their documents' addresses. */
export const PAGE_VERSIONS = 10;

/** Everything the passport page shows. */
export interface PassportData {
  dpp?: DppItem;
  images: DppImageItem[];
  files: DppFileItem[];
  cards: DppCardItem[];
  /** Every stored translation, by language. */
  translations: Map<string, Map<string, TranslatedUnit>>;
  /** The newest PAGE_VERSIONS versions, newest first. */
  versions: DppVersionItem[];
  /** The notarizations of those versions, by version number. */
  notarizations: Map<number, NotarizationItem>;
}

/**
 * The passport page's data in ONE round trip: three requests sent together, the DPP's whole
 * item collection (the DPP, images, files, cards, every translation: one Query, more pages only
 * past 1 MB) and, from its history collection, the newest versions and the newest
 * notarizations (one Query page each, newest first).
 */
export async function readPassport(dppId: string): Promise<PassportData> {
  const [items, versions, notarizations] = await Promise.all([
    table.queryAll({ keyCondition: partition(dppCollection(dppId)) }),
    table.query({ keyCondition: inRange(ranges.dppVersions(dppId)), descending: true, limit: PAGE_VERSIONS }),
    table.query({ keyCondition: inRange(ranges.dppNotarizations(dppId)), descending: true, limit: PAGE_VERSIONS }),
  ]);
  const ofType = <T>(type: string) => items.filter((item) => item.type === type) as T[];
  return {
    dpp: ofType<DppItem>(ItemType.Dpp)[0],
    images: ofType<DppImageItem>(ItemType.DppImage),
    files: ofType<DppFileItem>(ItemType.DppFile),
    cards: ofType<DppCardItem>(ItemType.DppCard),
    translations: new Map(
      ofType<Record<string, unknown>>(ItemType.DppTranslation).map((item) => [String(item.language), unitsOf(item)]),
    ),
    versions: versions.items as unknown as DppVersionItem[],
    notarizations: new Map(
      (notarizations.items as unknown as NotarizationItem[]).map((item) => [item.version, item] as const),
    ),
  };
}

/** The company's name and country, for a DPP stored before it carried a copy of them: ONE GetItem. */
export async function readCompanyName(companyId: string): Promise<{ name: string; country: string } | undefined> {
  const company = await table.get<CompanyItem>(keys.company(companyId));
  return company && { name: company.name, country: company.country_code };
}
