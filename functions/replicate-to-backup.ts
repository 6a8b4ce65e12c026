import { replicateItem } from '../lib/backup/replicate-item';
import { BACKUP_KEYS_AT_ONCE, BACKUP_REPLICATOR_FN } from '../lib/backup/worker';
import { keyedStreamWorker } from '../lib/events/stream-worker';

/** The back-up replicator: the table's stream (every change) → each changed item copied to the back-up's table. */
export const handler = keyedStreamWorker(BACKUP_REPLICATOR_FN, (key) => replicateItem(key), BACKUP_KEYS_AT_ONCE);
