/**
 * The KYB retry worker's contract with what runs it: its function, how often and how long.
 * The CDK stack (infra/constructs/workers.ts: the schedule, the function's timeout and grants) and the
 * local timer (infra/local/kyb-retry.ts) read these same values.
 */
import type { Access } from '../../access';

/** The function that retries PENDING KYB checks (functions/retry-pending-kyb.ts). */
export const KYB_RETRY_WORKER_FN = 'retry-pending-kyb';

/** How often EventBridge Scheduler runs it in the cloud. */
export const KYB_RETRY_EVERY_MINUTES = 5;

/** The function's timeout. */
export const KYB_RETRY_TIMEOUT_SECONDS = 60;

/**
 * Time a run keeps in hand: it takes no new check with less than this left, so the checks in
 * flight (one VIES request of at most its timeout, then one write) finish before the timeout.
 */
export const KYB_RETRY_RESERVE_MS = 15_000;

/**
 * What it may touch: Query the pending index, read and update company items (the conditional
 * settle is an UpdateItem), and VIES. Each run also sweeps orphan objects
 * (lib/files/sweep-orphans.ts): deleting an object (s3:DeleteObject, after tagging it) and then
 * its intent record (DeleteItem, so the table's `write`).
 */
export const KYB_RETRY_ACCESS = {
  table: 'write',
  tableIndexes: true,
  vies: true,
  bucket: ['delete'],
} as const satisfies Access;
