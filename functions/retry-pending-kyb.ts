import { retryPendingKyb } from '../lib/companies/kyb/retry-pending';
import { KYB_RETRY_RESERVE_MS, KYB_RETRY_WORKER_FN } from '../lib/companies/kyb/worker';
import { scheduledWorker } from '../lib/events/scheduled';

/** The KYB retry worker: on a schedule, ask VIES again about every PENDING check and move each on. */
export const handler = scheduledWorker(KYB_RETRY_WORKER_FN, ({ remainingMs }) =>
  retryPendingKyb({ remainingMs, reserveMs: KYB_RETRY_RESERVE_MS }),
);
