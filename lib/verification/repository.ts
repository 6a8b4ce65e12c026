import { isConditionFailure } from '../aws/errors';
import { bucket } from '../aws/s3';
import * as table from '../aws/table';
import type { WalletItem } from '../companies/model';
import { eq, set, update, where } from '../data/expressions';
import * as keys from '../data/keys';
import type { StoredVerification } from '../notarizations/model';

/** The wallet item of an address (which company owns it now), or undefined. */
export const readWallet = (address: string): Promise<WalletItem | undefined> =>
  table.get<WalletItem>(keys.wallet(address), { consistent: true });

/** A stored object's exact bytes (a version document, a report), or undefined when it is missing. */
export const readStoredBytes = (key: string): Promise<Buffer | undefined> => bucket.getBytes(key);

/**
 * Keeps a verification's outcome on the version's notarization: one UpdateItem `SET
 * verification`, only while the record is ANCHORED with the transaction that was checked. A
 * record that moved on meanwhile keeps what it has: the outcome is not about it.
 */
export async function storeVerification(dppId: string, version: number, outcome: StoredVerification): Promise<void> {
  try {
    await table.update(
      keys.notarization(dppId, version),
      update(set('verification', outcome)),
      where(eq('status', 'ANCHORED'), eq('transaction_hash', outcome.transaction_hash)),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
