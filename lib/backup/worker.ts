import type { Access } from '../access';
/**
 * The back-up replicator's contract with what runs it (docs/deploy.md, The back-up copy): the
 * CDK stack (infra/constructs/backup.ts: the event source mapping on the table's stream) and the
 * local back-up (infra/local/backup.ts: the stream poller) read these same values.
 */

/** The function that copies the table's changes to the back-up's table (functions/replicate-to-backup.ts). */
export const BACKUP_REPLICATOR_FN = 'replicate-to-backup';

/** What it may touch: read the primary's table (each changed item, consistently), write the back-up's table. */
export const BACKUP_REPLICATOR_ACCESS = { table: 'read', backupTable: true } as const satisfies Access;

/** Every record of the stream: each change of each item is copied (no filter). */
export const EVERY_RECORD = {} as const;

/** Records per invocation: up to this many changed items are copied by one invocation. */
export const BACKUP_BATCH_SIZE = 100;

/** Distinct items of a batch copied at once (each a read and a cross-region write: tens of milliseconds). */
export const BACKUP_KEYS_AT_ONCE = 16;

/**
 * Concurrent batches per shard (Lambda's ParallelizationFactor): the records of one item still
 * go to one batch at a time, in order, so its copies never overtake each other.
 */
export const BACKUP_PARALLELIZATION = 4;

/** How often a batch the replicator failed on is delivered again before its records go to the dead-letter queue. */
export const BACKUP_RETRY_ATTEMPTS = 20;

/** The function's timeout: a batch of BACKUP_BATCH_SIZE items read and written one by one, with room to spare. */
export const BACKUP_REPLICATOR_TIMEOUT_SECONDS = 60;
