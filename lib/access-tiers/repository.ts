import * as table from '../aws/table';
import { setAll, update } from '../data/expressions';
import * as keys from '../data/keys';
import type { AccessGrantItem, AccessLogItem } from './model';

/**
 * The reads of a public route through an access grant (`ACCESS#<dppId>`, docs/data-model.md):
 * the grant, and the access-log entry each read writes. The grant routes' own access is in
 * lib/access-grants/repository.ts.
 */

/** One grant, strongly consistent: a revoke is seen by the very next read. */
export const readGrant = (dppId: string, grantId: string): Promise<AccessGrantItem | undefined> =>
  table.get<AccessGrantItem>(keys.accessGrant(dppId, grantId), { consistent: true });

/** Writes one log entry (an UpdateItem of a new key: the read functions hold no PutItem). */
export async function writeLogEntry(entry: AccessLogItem): Promise<void> {
  const { pk, sk, ...fields } = entry;
  await table.update({ pk, sk }, update(setAll(fields)));
}
