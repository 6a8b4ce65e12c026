import type { Item } from '../aws/dynamodb';
import { bucket } from '../aws/s3';
import { logger } from '../logger';
import { forgetPendingObject, objectsOf, pendingObjectsBefore } from './pending-objects';

/**
 * How old an intent record must be before its object counts as an orphan: 15 minutes, far past
 * the 10 s function timeout, so the write it waits for has either committed (and deleted the
 * record) or will never come. The invariants' grace for an unreferenced object
 * (test/support/invariants.ts) is this plus the sweeper's period (docs/behaviour.md, Faults).
 */
export const SWEEP_GRACE_MS = 15 * 60_000;

/** Intent records read per page. */
const PAGE = 100;

export interface OrphanSweepOptions {
  /** Records younger than this are kept (ms); SWEEP_GRACE_MS unless a test says otherwise. */
  graceMs?: number;
  /** Milliseconds left in this run; the sweep takes no new record below `reserveMs`. */
  remainingMs?: () => number;
  reserveMs?: number;
  now?: () => number;
}

export interface OrphanSweepSummary {
  /** Objects deleted (or already gone) whose intent records were then removed. */
  removed: number;
  /** Records whose object or record could not be deleted (logged; the next run tries again). */
  failed: number;
  /** Whether the run stopped before the end of the index for lack of time (the next run goes on). */
  stoppedEarly: boolean;
}

/**
 * The orphan sweeper: Queries the pending index (`gsi1pk = OBJECT#PENDING`, oldest first, no
 * Scan) for intent records older than the grace, deletes each one's object (it may already be
 * gone) and then the record (only if it still exists). A record exists only while the item that
 * would refer to its object has not committed (lib/files/pending-objects.ts), so no referenced
 * object is ever deleted.
 */
export async function sweepOrphanObjects(options: OrphanSweepOptions = {}): Promise<OrphanSweepSummary> {
  const summary: OrphanSweepSummary = { removed: 0, failed: 0, stoppedEarly: false };
  const now = options.now?.() ?? Date.now();
  const before = new Date(now - (options.graceMs ?? SWEEP_GRACE_MS)).toISOString();
  const outOfTime = () => options.remainingMs !== undefined && options.remainingMs() < (options.reserveMs ?? 0);
  let startKey: Item | undefined;
  do {
    const page = await pendingObjectsBefore(before, PAGE, startKey);
    for (const record of page.records) {
      if (outOfTime()) {
        summary.stoppedEarly = true;
        break;
      }
      try {
        for (const key of objectsOf(record)) await bucket.delete(key);
        await forgetPendingObject(record.object_key);
        summary.removed += 1;
      } catch (error) {
        logger.warn('orphan sweep: an object or its intent record could not be deleted', {
          key: record.object_key,
          error: error as Error,
        });
        summary.failed += 1;
      }
    }
    if (summary.stoppedEarly) break;
    startKey = page.lastKey;
  } while (startKey);
  if (summary.removed + summary.failed > 0) logger.info('orphan sweep: unreferenced objects deleted', { ...summary });
  return summary;
}
