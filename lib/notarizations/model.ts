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
  /** `NOTARIZATION#PENDING` and the creation time while PENDING (gsi1.notarizationPending), absent after. */
  gsi1pk?: string;
  gsi1sk?: string;
  // Set by the anchor worker:
  /** Attempts that failed for a cause that does not go away by waiting; MAX_ATTEMPTS of them make it FAILED. */
  failures?: number;
  /**
   * While PENDING, what the last attempt waits for (lib/anchoring/anchor-notarization.ts,
   * WaitingFor): `chain` (unreachable), `funds` (the anchoring account cannot pay for gas),
   * `configuration`, `dependency`, `mining`, `confirmations`.
   */
  waiting_for?: string;
  /** What went wrong last (an error's name and message), kept while PENDING and when FAILED. */
  last_error?: string;
  transaction_hash?: string;
  /** The signed transaction, kept so a retry re-sends the same one (never a second anchor). */
  raw_transaction?: string;
  nonce?: number;
  /** The fees and gas limit the transaction was signed with (decimal wei), for a fee bump. */
  max_fee_per_gas?: string;
  max_priority_fee_per_gas?: string;
  gas_limit?: string;
  /** When the current transaction was signed (a stuck one is replaced after EVM_STUCK_AFTER_SECONDS). */
  sent_at?: string;
  /** Transactions of the same nonce it replaced (fee bumps), any of which may still be mined. */
  replaced_transactions?: string[];
  /** Fee bumps so far. */
  fee_bumps?: number;
  /** Times its mined transaction left the chain in a reorg before it had its confirmations. */
  reorgs?: number;
  /** Confirmations its block had when it was marked ANCHORED. */
  confirmations?: number;
  from?: string;
  to?: string;
  block_hash?: string;
  block_number?: number;
  url?: string;
  failure?: string;
  /** The last public verification of the version while ANCHORED (lib/verification): what the passport page shows. */
  verification?: StoredVerification;
  /**
   * Until when (epoch ms) one verification request holds the right to ask the chain again
   * (lib/verification/repository.ts claimRefresh): a conditional write, so one request per version
   * at a time refreshes the stored outcome and the others serve it.
   */
  verification_lease_until?: number;
}

/**
 * The outcome of a version's verification, stored on its ANCHORED notarization by the
 * verification route whenever it runs, so the passport page shows it without reading the
 * chain. About `transaction_hash` only: a result about another transaction is not shown.
 */
export interface StoredVerification {
  valid: boolean;
  /** The first check that failed (lib/verification/checks.ts), absent when valid. */
  failed_check?: string;
  checked_at: string;
  transaction_hash: string;
  /** The chain it was checked on (EVM_CHAIN_ID), and what it saw there. */
  chain_id: string;
  block_number?: number;
  confirmations?: number;
  /** Every check as the verification route answered it (lib/verification/checks.ts): served again while fresh. */
  checks?: Array<{ check: string; ok: boolean; detail: string }>;
}

export function toNotarizationItem(notarization: Omit<NotarizationItem, 'pk' | 'sk' | 'type'>): NotarizationItem {
  const key = keys.notarization(notarization.dpp_id, notarization.version);
  return {
    ...key,
    type: ItemType.Notarization,
    // A PENDING one is in the anchor worker's pending index from the start (its sweep finds it even if no stream record does).
    ...(notarization.status === 'PENDING' && keys.gsi1.notarizationPending(notarization.created_at, key)),
    ...notarization,
  };
}
