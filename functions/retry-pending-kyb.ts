import { retryPendingKyb } from '../lib/companies/kyb/retry-pending';
import { KYB_RETRY_RESERVE_MS, KYB_RETRY_WORKER_FN } from '../lib/companies/kyb/worker';
import { scheduledWorker } from '../lib/events/scheduled';
import { sweepOrphanObjects } from '../lib/files/sweep-orphans';

/**
 * The KYB retry worker: on a schedule, ask VIES again about every PENDING check and move each on,
 * then delete the objects whose item never committed (the orphan sweep).
 */
export const handler = scheduledWorker(KYB_RETRY_WORKER_FN, async ({ remainingMs }) => ({
  kyb: await retryPendingKyb({ remainingMs, reserveMs: KYB_RETRY_RESERVE_MS }),
  orphans: await sweepOrphanObjects({ remainingMs, reserveMs: KYB_RETRY_RESERVE_MS }),
}));
