import type { Access } from '../access';
import { NOTARIZATION_SK_PREFIX } from '../data/keys';
/**
 * The anchor worker's contract with what runs it: which table stream records start it and how
 * long and how often it may try. The CDK stack (infra/constructs/workers.ts: the event source mapping, the
 * function's timeout) and the local stream poller (infra/local/stream-worker.ts) read these
 * same values, so the cloud and `npm start` invoke the worker on the same records, alike.
 */

/** The function that anchors notarizations (functions/anchor-notarization.ts). */
export const ANCHOR_WORKER_FN = 'anchor-notarization';

/** What it may touch: read and update notarization records, the anchoring key, the chain (Access.anchoring). */
export const ANCHOR_WORKER_ACCESS = { anchoring: true } as const satisfies Access;

/**
 * The records that start the worker, in Lambda's event-filtering syntax
 * (https://docs.aws.amazon.com/lambda/latest/dg/invocation-eventfiltering.html): an INSERT whose
 * sort key starts with `NOTARIZATION#`, i.e. a notarization just written PENDING by notarize.
 * The stream is KEYS_ONLY, so the worker reads the record itself (consistently).
 */
export const NOTARIZATION_INSERTS = {
  eventName: ['INSERT'],
  dynamodb: { Keys: { sk: { S: [{ prefix: NOTARIZATION_SK_PREFIX }] } } },
} as const;

/** Tries per notarization, counted on its record; a failure of the last makes it FAILED. */
export const MAX_ATTEMPTS = 5;

/**
 * Pause after a failed attempt before the record is handed back for the next, doubling: 1, 2,
 * 4, 8 s. The stream's own retries come at once, so the backoff is the worker's.
 */
export const retryDelayMs = (attempt: number): number => 1_000 * 2 ** Math.min(Math.max(attempt - 1, 0), 3);

/** How long an attempt waits for its transaction to be mined (Sepolia: ~12 s blocks, so 5 blocks). */
export const RECEIPT_TIMEOUT_MS = 60_000;

/** Each JSON-RPC call's timeout. */
export const RPC_TIMEOUT_MS = 10_000;

/**
 * The function's timeout: the longest attempt (the RPC calls before sending, a receipt wait,
 * the writes) plus the backoff after it, with room to spare.
 */
export const WORKER_TIMEOUT_SECONDS = 120;

/**
 * How often the stream delivers a record again after the function failed on it. More than
 * MAX_ATTEMPTS, so a notarization ends FAILED (with its alarm) before its record is given up
 * to the dead-letter queue; a record only gets there when even recording FAILED did not work.
 */
export const STREAM_RETRY_ATTEMPTS = 10;
