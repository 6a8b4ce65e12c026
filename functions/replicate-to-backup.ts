import { replicateItem } from '../lib/backup/replicate-item';
import { BACKUP_REPLICATOR_FN } from '../lib/backup/worker';
import { streamWorker } from '../lib/events/stream-worker';

/** The back-up replicator: the table's stream (every change) → each changed item copied to the back-up's table. */
export const handler = streamWorker(BACKUP_REPLICATOR_FN, (key) => replicateItem(key));
