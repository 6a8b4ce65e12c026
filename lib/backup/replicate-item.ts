import * as backupTable from '../aws/backup-table';
import * as table from '../aws/table';
import type { Key } from '../data/keys';

/**
 * Copies one changed item to the back-up's table as the primary's table holds it now (a strongly
 * consistent read), or removes it there when the primary no longer has it (a revoked grant, a
 * deleted card). The stream is KEYS_ONLY: what a record says is only which item changed, and
 * copying the item's current state makes a copy idempotent and order-proof: a record delivered
 * twice, or late, writes the latest state again (docs/choices.md, The back-up copy).
 */
export async function replicateItem(key: Key): Promise<'copied' | 'removed'> {
  const item = await table.get(key, { consistent: true });
  if (item === undefined) {
    await backupTable.remove(key);
    return 'removed';
  }
  await backupTable.put(item);
  return 'copied';
}
