import type { RestrictedTier } from '../access-tiers/tiers';
import * as keys from '../data/keys';
import { ItemType } from '../data/keys';
import type { ConformityClaim } from '../dpps/conformity-claims';
import type { Characteristic } from '../dpps/model';
import type { AllowedMimeType } from '../files/file-type';

/**
 * A DPP's versions (docs/spec/decisions.md, Versions and notarization). They live in the DPP's history
 * collection (`HISTORY#<dppId>`, lib/data/keys.ts) with the notarizations
 * (lib/notarizations/model.ts), apart from the DPP's own items, so the passport view never
 * reads them.
 */

/** The DPP's fields as a version froze them (also the `dpp` of a notarization). */
export interface DppSnapshot {
  id: string;
  company_id: string;
  model_id: string;
  template_id: string;
  code: string;
  search_id: string;
  name: string;
  description: string;
  type: string;
  language: string;
  created_at: string;
  updated_at: string;
}

/** A file as a version froze it: `path` is the object key of its bytes then, pinned on the file. */
export interface FileSnapshot {
  id: string;
  name: string;
  description: string;
  type: AllowedMimeType;
  path: string;
  hash: string;
  /** Set on a restricted file only (the snapshot's; documents never carry it: lib/versions/document.ts). */
  access_tier?: RestrictedTier;
}

export interface CardSnapshot {
  id: string;
  name: string;
  description: string;
  characteristics: Characteristic[];
  access_tier?: RestrictedTier;
}

/**
 * A profiled DPP's data as a version froze it (docs/profiles.md): its profile, its category and its
 * aspect documents as stored (the snapshot's: each document holds only what a tier reads of them).
 */
export interface ProfiledSnapshot {
  profile: string;
  category?: string;
  aspects: Record<string, Record<string, unknown>>;
}

/**
 * The canonical version document (RFC 8785 JSON) written once to S3; its SHA-256 is the
 * version's `content_hash`, the `dpp_hash` a notarization anchors on the chain.
 */
export interface VersionDocument {
  format: 'dpp-version/1';
  dpp_id: string;
  version: number;
  version_id: string;
  created_at: string;
  dpp: DppSnapshot;
  files: FileSnapshot[];
  cards: CardSnapshot[];
  /**
   * A profiled DPP's profile, category and aspects with only the `public` attributes
   * (lib/profiles/filter.ts): absent on a DPP without a profile, which hashes as before profiles.
   */
  profiled?: ProfiledSnapshot;
  /**
   * The company's conformity claims with their evidence (docs/behaviour.md, Conformity claims), public:
   * absent when it had none, so a version without claims hashes exactly as before claims existed.
   */
  conformity_claims?: ConformityClaim[];
  /**
   * The SHA-256 of each tier document of the version (its restricted parts, by tier), present only
   * when it has some: a version without restricted parts hashes exactly as before tiers existed.
   */
  tiers?: Partial<Record<RestrictedTier, string>>;
}

/**
 * The parts of one restricted tier of a version, with a random salt so its hash (in the public
 * document) reveals nothing about them: what an access grant of that tier or above is served.
 */
export interface TierDocument {
  format: 'dpp-version-tier/1';
  dpp_id: string;
  version: number;
  version_id: string;
  tier: RestrictedTier;
  /** 16 random bytes, hex. */
  salt: string;
  files: FileSnapshot[];
  cards: CardSnapshot[];
  /** A profiled DPP's attributes of this tier alone, in their aspect documents (absent: none of this tier). */
  aspects?: Record<string, Record<string, unknown>>;
}

/** Version `version` of a DPP. Immutable but for the notarize fields, which are set once. */
export interface DppVersionItem {
  pk: string;
  sk: string;
  type: typeof ItemType.DppVersion;
  /** The client's `versionId`: unique within the DPP. */
  id: string;
  dpp_id: string;
  company_id: string;
  version: number;
  created_at: string;
  created_by: string;
  snapshot: {
    dpp: DppSnapshot;
    files: FileSnapshot[];
    cards: CardSnapshot[];
    profiled?: ProfiledSnapshot;
    conformity_claims?: ConformityClaim[];
  };
  /** Object key of the canonical version document. */
  document_path: string;
  /** Hex SHA-256 of the canonical version document's bytes. */
  content_hash: string;
  /** The tier documents (object key and hash), by tier: only the tiers with parts. */
  tier_documents?: Partial<Record<RestrictedTier, { path: string; hash: string }>>;
  /** `CREATED`, then `READY` once notarized. */
  status: 'CREATED' | 'READY';
  // Set by notarize:
  hash?: string;
  signature?: string;
  submitter?: string;
  report_path?: string;
  notarized_at?: string;
  notarized_files?: string[];
}

/** Claims a `versionId` within a DPP (written in the version's transaction; a duplicate is 409). */
export interface DppVersionIdItem {
  pk: string;
  sk: string;
  type: typeof ItemType.DppVersionId;
  dpp_id: string;
  version: number;
}

export function toDppVersionItem(version: Omit<DppVersionItem, 'pk' | 'sk' | 'type'>): DppVersionItem {
  return { ...keys.dppVersion(version.dpp_id, version.version), type: ItemType.DppVersion, ...version };
}

export function toDppVersionIdItem(dppId: string, versionId: string, version: number): DppVersionIdItem {
  return { ...keys.dppVersionId(dppId, versionId), type: ItemType.DppVersionId, dpp_id: dppId, version };
}
