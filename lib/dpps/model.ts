import { type Tiered, tierOf } from '../access-tiers/tiers';
import * as keys from '../data/keys';
import { gsi1, ItemType } from '../data/keys';
import { NotFoundError } from '../errors';
import type { FileContent, FileItem } from '../files/model';
import { lifecycleView } from '../profiles/lifecycle-view';
import type { ConformityClaim } from './conformity-claims';
import { type SourceUnit, translationAttributes } from './translations';

/** A DPP. `dpp_type` holds what the interface calls `type` (the item's own `type` is its entity type). */
export interface DppItem {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
  type: typeof ItemType.Dpp;
  id: string;
  company_id: string;
  model_id: string;
  template_id?: string;
  /** The company's product code, e.g. the GTIN-14 of the product model (docs/behaviour.md, DPP fields). */
  code?: string;
  /**
   * The public identifier a data carrier encodes and people search by: the GS1 Digital Link path
   * of the item, `01/<GTIN-14>/21/<serial>` (docs/behaviour.md, DPP fields).
   */
  search_id?: string;
  /**
   * The product's commodity code (HS, CN or TARIC: 4 to 10 digits) and the GLN of the facility that
   * makes it, for the EU registry (docs/behaviour.md, The EU registry); absent: the template's.
   */
  commodity_code?: string;
  facility_id?: string;
  /**
   * The passport's registration in the EU DPP registry (PUT /dpps/{dppId}/registration): the
   * registry's identifier, the version whose hash its proof carries, and when it was stored. The
   * proof itself is in the DPP's history collection (lib/registry/model.ts).
   */
  registration?: DppRegistration;
  name: string;
  description: string;
  dpp_type: string;
  /** The number of the latest version (absent: none yet); the version create transaction's counter. */
  version_count?: number;
  /**
   * Whether the passport is public (docs/choices.md, Publication): `false` keeps it private, and
   * every public route answers it like an unknown DPP. Absent counts as published (DPPs written
   * before the flag existed stay public); POST /dpps writes `false`. Read it with isPublished.
   */
  published?: boolean;
  /** Ids of the DPPs linked to this one (POST /related-dpps); their files and cards were copied here. */
  related_dpps?: string[];
  /** The lifecycle (docs/behaviour.md, Lifecycle): the DPP whose successor this is (POST /dpps/{dppId}/successor). */
  replaces?: string;
  /** The successor's id: this passport's product was repurposed or remanufactured into it. */
  replaced_by?: string;
  /** When the passport ceased (POST /dpps/{dppId}/cease): its product was recycled. It stays readable. */
  ceased_at?: string;
  /**
   * When its company archived it through the passport API (DELETE /v1/dpps/{dppId}): withdrawn from
   * the public like `published: false`, every version kept (docs/behaviour.md, The passport API).
   */
  archived_at?: string;
  /** ISO 639-1 language of name and description as stored. */
  language: string;
  /**
   * The company's name and country (ISO 3166-1 alpha-2) as they were when the DPP was created or
   * imported: a copy, so the passport page reads its DPP in one round trip (docs/data-model.md).
   * Absent on DPPs written before the copy existed (the page then reads the company item).
   */
  company_name?: string;
  company_country?: string;
  /**
   * The sector profile the passport follows (lib/profiles: `battery-passport`) and its category
   * (`ev`), set at creation and never changed; absent on a DPP without a profile (docs/profiles.md,
   * Profiled passports).
   */
  profile?: string;
  category?: string;
  /**
   * A profiled DPP's data: per aspect id of its profile, the aspect's JSON document as the
   * company wrote it (PUT / PATCH /dpps/{dppId}/aspects/{aspect}), validated against the profile.
   * On the DPP item itself, so the passport, its completeness and a public read need no second
   * read; `{}` on a new profiled DPP.
   */
  aspects?: Record<string, Record<string, unknown>>;
  /**
   * How many times its aspects were written: each aspect write is conditioned on the count it
   * read, so two writes never interleave (and the history's entries are ordered by it). Absent: 0.
   */
  aspects_revision?: number;
  /**
   * The company's conformity claims, each with its assessor's conformity credential
   * (PUT /dpps/{dppId}/conformity-claims, docs/behaviour.md, Conformity claims): frozen in each
   * version taken afterwards. Absent: none were ever stored.
   */
  conformity_claims?: ConformityClaim[];
  created_at: string;
  updated_at: string;
}

/** What a DPP keeps of its registration in the EU registry (the proof is an item of its own). */
export interface DppRegistration {
  id: string;
  version: number;
  registered_at: string;
}

/** `access_tier` (Tiered): who may read the image; absent is public (lib/access-tiers/tiers.ts). */
export interface DppImageItem extends Tiered {
  pk: string;
  sk: string;
  type: typeof ItemType.DppImage;
  id: string;
  company_id: string;
  path: string;
  mime_type: string;
  /** Set on an image uploaded through POST /dpps/{dppId}/images (seeded images have none). */
  hash?: string;
  size?: number;
  created_at?: string;
}

export interface Characteristic {
  id: string;
  characteristic: string;
}

/** Where a copied file or card came from (POST /related-dpps): the related DPP and the item's id there. */
export interface CopiedFrom {
  dpp_id: string;
  id: string;
}

/** A file of a DPP (its routes: lib/dpp-files). */
export interface DppFileItem extends FileItem, Tiered {
  type: typeof ItemType.DppFile;
  dpp_id: string;
  /** Copied from the DPP (a DPP never changes model), so single-file reads need no second read. */
  model_id: string;
  created_by: string;
  notarized: boolean;
  /** Set on a file copied from a related DPP (its bytes copied to this DPP's own object key). */
  copied_from?: CopiedFrom;
}

export interface NewDppFile {
  id: string;
  dpp_id: string;
  company_id: string;
  model_id: string;
  name: string;
  description: string;
  created_by: string;
  created_at: string;
  /** Absent: `created_at` (a new upload). An import restores an exported file's. */
  updated_at?: string;
  copied_from?: CopiedFrom;
  access_tier?: Tiered['access_tier'];
}

export interface DppCardItem extends Tiered {
  pk: string;
  sk: string;
  type: typeof ItemType.DppCard;
  id: string;
  company_id: string;
  name: string;
  description: string;
  characteristics?: Characteristic[];
  /** Set on a card copied from a related DPP. */
  copied_from?: CopiedFrom;
  /** Set on a card written through POST /dpps/{dppId}/cards (seeded and copied cards have none). */
  created_at?: string;
  updated_at?: string;
}

export function toDppFileItem(file: NewDppFile, content: FileContent): DppFileItem {
  return {
    ...keys.dppFile(file.dpp_id, file.id),
    type: ItemType.DppFile,
    ...file,
    ...content,
    notarized: false,
    updated_at: file.updated_at ?? file.created_at,
  };
}

/** The DPP file as the interface shows it (section 2, DPP file). */
export function dppFileView(item: DppFileItem) {
  return {
    id: item.id,
    dpp_id: item.dpp_id,
    created_at: item.created_at,
    updated_at: item.updated_at,
    created_by: item.created_by,
    description: item.description,
    name: item.name,
    path: item.path,
    type: item.mime_type,
    hash: item.hash,
    notarized: item.notarized,
    access_tier: tierOf(item),
  };
}

/** Whether a DPP is public: only an explicit `published: false` keeps it private (docs/choices.md, Publication). */
export const isPublished = (dpp: Pick<DppItem, 'published'>): boolean => dpp.published !== false;

/** A missing DPP, or another company's: 404 on the passport view, 406 on the file routes. */
export const dppNotFound = () => new NotFoundError('DPP not found', 'DPP_NOT_FOUND');

export function toDppItem(dpp: Omit<DppItem, 'pk' | 'sk' | 'gsi1pk' | 'gsi1sk' | 'type'>): DppItem {
  return { ...keys.dpp(dpp.id), ...gsi1.companyDpp(dpp.company_id, dpp.id), type: ItemType.Dpp, ...dpp };
}

export function toDppImageItem(dppId: string, image: Omit<DppImageItem, 'pk' | 'sk' | 'type'>): DppImageItem {
  return { ...keys.dppImage(dppId, image.id), type: ItemType.DppImage, ...image };
}

export function toDppCardItem(dppId: string, card: Omit<DppCardItem, 'pk' | 'sk' | 'type'>): DppCardItem {
  return { ...keys.dppCard(dppId, card.id), type: ItemType.DppCard, ...card };
}

/** A stored translation of some of a DPP's texts into one language (see translations.ts). */
export function toDppTranslationItem(
  dppId: string,
  language: string,
  units: ReadonlyArray<SourceUnit & { translated: { name: string; description: string } }>,
) {
  return {
    ...keys.dppTranslation(dppId, language),
    type: ItemType.DppTranslation,
    language,
    ...translationAttributes(units),
  };
}

/**
 * A DPP's own fields as its company sees them (GET, POST and PUT /dpps): what the interface
 * calls `type` is `dpp_type`; a text field never set is `""`, no version yet is
 * `version_count` 0, no link `related_dpps` [] (as versions freeze them: docs/behaviour.md, DPP fields).
 */
export function companyDppFields(dpp: DppItem) {
  const lifecycle = lifecycleView(dpp);
  return {
    id: dpp.id,
    company_id: dpp.company_id,
    name: dpp.name,
    description: dpp.description,
    type: dpp.dpp_type,
    code: dpp.code ?? '',
    search_id: dpp.search_id ?? '',
    model_id: dpp.model_id,
    template_id: dpp.template_id ?? '',
    commodity_code: dpp.commodity_code ?? '',
    facility_id: dpp.facility_id ?? '',
    registration_id: dpp.registration?.id ?? '',
    language: dpp.language,
    version_count: dpp.version_count ?? 0,
    published: isPublished(dpp),
    profile: dpp.profile ?? '',
    category: dpp.category ?? '',
    related_dpps: dpp.related_dpps ?? [],
    created_at: dpp.created_at,
    updated_at: dpp.updated_at,
    // Its predecessor, successor and whether it ceased (docs/behaviour.md, Lifecycle), when any applies.
    ...(lifecycle && { lifecycle }),
  };
}

/** The DPP as `changes` leave it (what the update stores: a value set, `null` removed, `undefined` kept). */
export function changedDpp(dpp: DppItem, changes: object): DppItem {
  const after: Record<string, unknown> = { ...dpp };
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) delete after[name];
    else if (value !== undefined) after[name] = value;
  }
  return after as unknown as DppItem;
}
