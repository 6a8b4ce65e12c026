import { isConditionFailure } from '../aws/errors';
import { bucket } from '../aws/s3';
import * as table from '../aws/table';
import type { WalletItem } from '../companies/model';
import { eq, lt, notExists, or, remove, set, update, where } from '../data/expressions';
import * as keys from '../data/keys';
import type { NotarizationItem, StoredVerification } from '../notarizations/model';

/** The wallet item of an address (which company owns it now), or undefined. */
export const readWallet = (address: string): Promise<WalletItem | undefined> =>
  table.get<WalletItem>(keys.wallet(address), { consistent: true });

/** A stored object's exact bytes (a version document, a report), or undefined when it is missing. */
export const readStoredBytes = (key: string): Promise<Buffer | undefined> => bucket.getBytes(key);

/** A version's notarization as it is now (one strongly consistent GetItem): what a waiting request polls. */
export const readNotarization = (dppId: string, version: number): Promise<NotarizationItem | undefined> =>
  table.get<NotarizationItem>(keys.notarization(dppId, version), { consistent: true });

/**
 * Claims the right to ask the chain about a version until `until` (epoch ms): one conditional
 * UpdateItem `SET verification_lease_until`, only while the record is ANCHORED with this
 * transaction and no other request holds an unexpired lease. True for the one request that got it;
 * false for every other (it serves the stored outcome, or waits for the holder's).
 */
export async function claimRefresh(
  dppId: string,
  version: number,
  transactionHash: string,
  now: number,
  until: number,
): Promise<boolean> {
  try {
    await table.update(
      keys.notarization(dppId, version),
      update(set('verification_lease_until', until)),
      where(
        eq('status', 'ANCHORED'),
        eq('transaction_hash', transactionHash),
        or(notExists('verification_lease_until'), lt('verification_lease_until', now)),
      ),
    );
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return false;
  }
}

/**
 * Keeps the lease a little longer (after the chain failed to answer: no request asks it again
 * before `until`). Unconditional on the lease itself: only its holder calls this.
 */
export async function holdLease(dppId: string, version: number, transactionHash: string, until: number) {
  try {
    await table.update(
      keys.notarization(dppId, version),
      update(set('verification_lease_until', until)),
      where(eq('status', 'ANCHORED'), eq('transaction_hash', transactionHash)),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * Keeps a verification's outcome on the version's notarization and gives its lease back: one
 * UpdateItem `SET verification REMOVE verification_lease_until`, only while the record is ANCHORED
 * with the transaction that was checked. A record that moved on meanwhile keeps what it has: the
 * outcome is not about it.
 */
export async function storeVerification(dppId: string, version: number, outcome: StoredVerification): Promise<void> {
  try {
    await table.update(
      keys.notarization(dppId, version),
      update(set('verification', outcome), remove('verification_lease_until')),
      where(eq('status', 'ANCHORED'), eq('transaction_hash', outcome.transaction_hash)),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
