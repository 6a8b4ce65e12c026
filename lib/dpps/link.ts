import type { TransactionItem } from '../aws/dynamodb';
import { add, deleteFrom, eq, notExists, or, set, setAll, update, where } from '../data/expressions';
import * as keys from '../data/keys';
import { ItemType } from '../data/keys';
import { type DppItem, isPublished } from './model';

/**
 * A DPP's GS1 Digital Link entry: the copy of what the resolver answers from, keyed by the
 * product identifiers (`GTIN#<gtin14>` / `LINK#<serial>`), so an item-level or product-level
 * Digital Link URI is answered with ONE Query (docs/data-model.md). The DPP's writes keep it
 * current: POST /dpps puts it with the DPP, PUT /dpps/{dppId} and a new version upsert it
 * (which also writes it for a DPP stored before the entry existed), and the image routes keep
 * its image ids (dppLinkImage). The company's name and country are copied at create, update and
 * import, for the JSON-LD's manufacturer.
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
  /** The company's name and country, for the JSON-LD's `manufacturer` (absent on an entry written before they were copied). */
  manufacturer?: Manufacturer;
  /** The ids of the DPP's images, for the JSON-LD's `image`: kept by the image routes (dppLinkImage). */
  image_ids?: Set<string>;
}

/** A company as the passport names it: copied from the company item onto the entry. */
export interface Manufacturer {
  name: string;
  /** ISO 3166-1 alpha-2, as the company item holds it. */
  country?: string;
}

/** The manufacturer of a company item (undefined without one or without a name). */
export function manufacturerOf(
  company: { name?: string; country_code?: string } | undefined,
): Manufacturer | undefined {
  if (!company?.name) return undefined;
  return { name: company.name, ...(company.country_code && { country: company.country_code }) };
}

export interface LatestVersion {
  version: number;
  hash: string;
  created_at: string;
}

/** `01/<GTIN-14>/21/<serial>`: the identifiers of a DPP's `search_id`, or undefined for another shape. */
export function identifiersOf(searchId: string | undefined): { gtin: string; serial: string } | undefined {
  const [, gtin, serial] = /^01\/(\d{14})\/21\/([^/]{1,20})$/.exec(searchId ?? '') ?? [];
  return gtin !== undefined && serial !== undefined ? { gtin, serial } : undefined;
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

/**
 * The entry of a new DPP (no version yet), with its company's name and country and, for an
 * imported one, its images; undefined when its `search_id` is no item Digital Link path.
 */
export function toDppLinkItem(
  dpp: DppItem,
  extras: { manufacturer?: Manufacturer; imageIds?: readonly string[] } = {},
): DppLinkItem | undefined {
  const ids = identifiersOf(dpp.search_id);
  return (
    ids && {
      ...keys.dppLink(ids.gtin, ids.serial),
      ...fieldsOf(dpp, ids),
      ...(extras.manufacturer && { manufacturer: extras.manufacturer }),
      ...(extras.imageIds?.length && { image_ids: new Set(extras.imageIds) }),
    }
  );
}

/**
 * A transaction leg (or an UpdateItem) that writes the entry from the DPP as it is after a
 * write, the latest version when one was just taken, and the company's name and country when the
 * writer read them; none when the DPP has no item path. The image ids are left as they are.
 */
export function dppLinkUpsert(
  dpp: DppItem,
  latest?: LatestVersion,
  manufacturer?: Manufacturer,
): TransactionItem | undefined {
  const ids = identifiersOf(dpp.search_id);
  if (!ids) return undefined;
  return {
    update: keys.dppLink(ids.gtin, ids.serial),
    set: update(
      setAll({
        ...fieldsOf(dpp, ids),
        ...(latest && { latest_version: latest }),
        ...(manufacturer && { manufacturer }),
      }),
    ),
  };
}

/**
 * A transaction leg beside an image's write: the entry gains (`add`) or loses (`delete`) the
 * image's id, as a set, so concurrent image writes never undo each other. It only ever touches
 * this DPP's entry (`dpp_id`); where the entry is not written yet, it starts one holding only
 * the DPP's id and its images, which the resolver answers as unknown (it is not `published`)
 * until the DPP's next write completes it. None when the DPP has no item path.
 */
export function dppLinkImage(dpp: DppItem, imageId: string, change: 'add' | 'delete'): TransactionItem | undefined {
  const ids = identifiersOf(dpp.search_id);
  if (!ids) return undefined;
  const images = new Set([imageId]);
  return {
    update: keys.dppLink(ids.gtin, ids.serial),
    set: update(set('dpp_id', dpp.id), change === 'add' ? add('image_ids', images) : deleteFrom('image_ids', images)),
    condition: where(or(notExists('pk'), eq('dpp_id', dpp.id))),
  };
}
