import { bucket } from '../aws/s3';
import * as table from '../aws/table';
import type { WalletItem } from '../companies/model';
import * as keys from '../data/keys';

/** The wallet item of an address (which company owns it now), or undefined. */
export const readWallet = (address: string): Promise<WalletItem | undefined> =>
  table.get<WalletItem>(keys.wallet(address), { consistent: true });

/** A stored object's exact bytes (a version document, a report), or undefined when it is missing. */
export const readStoredBytes = (key: string): Promise<Buffer | undefined> => bucket.getBytes(key);
