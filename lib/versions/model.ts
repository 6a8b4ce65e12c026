import { ItemType, keys } from '../data/keys';
import type { Characteristic } from '../dpps/model';
import type { AllowedMimeType } from '../files/file-type';

/**
 * A DPP's versions and notarizations (decisions.md, Versions and notarization). Both live
 * in the DPP's history collection (`HISTORY#<dppId>`, lib/data/keys.ts), apart from the
 * DPP's own items, so the passport view never reads them.
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
}

export interface CardSnapshot {
  id: string;
  name: string;
  description: string;
  characteristics: Characteristic[];
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
  snapshot: { dpp: DppSnapshot; files: FileSnapshot[]; cards: CardSnapshot[] };
  /** Object key of the canonical version document. */
  document_path: string;
  /** Hex SHA-256 of the canonical version document's bytes. */
  content_hash: string;
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

export type NotarizationStatus = 'PENDING' | 'ANCHORED' | 'FAILED';

/**
 * A notarization of one version. Written `PENDING` by notarize in the version's
 * transaction; the anchor worker (lib/anchoring) sends one transaction carrying
 * `dpp_hash` and sets the chain fields, then `ANCHORED` (or `FAILED` after its last try).
 */
export interface NotarizationItem {
  pk: string;
  sk: string;
  type: typeof ItemType.Notarization;
  id: string;
  dpp_id: string;
  company_id: string;
  version: number;
  version_id: string;
  /** The version's content hash (SHA-256 of its canonical document). */
  dpp_hash: string;
  /** The client's report hash that `submitter` signed. */
  report_hash: string;
  submitter: string;
  /**
   * The notarized version's snapshot, copied from the version (both are immutable): the
   * notarizations view shows each with its DPP, files and cards from one Query.
   */
  snapshot: DppVersionItem['snapshot'];
  status: NotarizationStatus;
  created_at: string;
  updated_at: string;
  /** Worker tries so far. */
  attempts: number;
  // Set by the anchor worker:
  transaction_hash?: string;
  /** The signed transaction, kept so a retry re-sends the same one (never a second anchor). */
  raw_transaction?: string;
  nonce?: number;
  from?: string;
  to?: string;
  block_hash?: string;
  block_number?: number;
  url?: string;
  failure?: string;
}

export function toDppVersionItem(version: Omit<DppVersionItem, 'pk' | 'sk' | 'type'>): DppVersionItem {
  return { ...keys.dppVersion(version.dpp_id, version.version), type: ItemType.DppVersion, ...version };
}

export function toDppVersionIdItem(dppId: string, versionId: string, version: number): DppVersionIdItem {
  return { ...keys.dppVersionId(dppId, versionId), type: ItemType.DppVersionId, dpp_id: dppId, version };
}

export function toNotarizationItem(notarization: Omit<NotarizationItem, 'pk' | 'sk' | 'type'>): NotarizationItem {
  return {
    ...keys.notarization(notarization.dpp_id, notarization.version),
    type: ItemType.Notarization,
    ...notarization,
  };
}
