import * as keys from '../data/keys';
import { ItemType } from '../data/keys';
import type { DppVersionItem } from '../versions/model';

/**
 * A notarization of one version of a DPP (docs/spec/decisions.md, Versions and notarization), in the
 * DPP's history collection (`HISTORY#<dppId>`) beside the version it notarizes.
 */

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

export function toNotarizationItem(notarization: Omit<NotarizationItem, 'pk' | 'sk' | 'type'>): NotarizationItem {
  return {
    ...keys.notarization(notarization.dpp_id, notarization.version),
    type: ItemType.Notarization,
    ...notarization,
  };
}
