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

/**
 * What it may touch: read and update notarization records, the anchoring key, the chain
 * (Access.anchoring), and Query the pending index (its scheduled sweep).
 */
export const ANCHOR_WORKER_ACCESS = { anchoring: true, tableIndexes: true } as const satisfies Access;

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

/**
 * Failed attempts per notarization, counted on its record (`failures`), that make it FAILED.
 * Only a failure that waiting does not cure counts (the node refuses its transaction for
 * good); a cause that goes away (the chain unreachable, no funds for gas, not mined or not
 * confirmed yet) never does: the record stays PENDING and is tried again. After this many
 * deliveries of its stream record, a waiting record is left to the scheduled sweep.
 */
export const MAX_ATTEMPTS = 5;

/**
 * Confirmations a transaction's block needs before the notarization is ANCHORED, unless
 * EVM_CONFIRMATIONS says otherwise (1 on the local chain, which never reorganizes): 12 blocks,
 * about 2.5 minutes on Ethereum and Sepolia, past the depth of every reorg seen since the Merge
 * (one or two blocks), well before finality (two epochs, about 13 minutes).
 */
export const DEFAULT_CONFIRMATIONS = 12;

/**
 * How long a sent transaction may stay unmined before it is replaced by one of the same
 * nonce with higher fees, unless EVM_STUCK_AFTER_SECONDS says otherwise: 15 Ethereum blocks.
 */
export const DEFAULT_STUCK_AFTER_SECONDS = 180;

/**
 * How often the scheduled sweep tries every PENDING notarization again (the records its
 * stream delivery left waiting: a long outage of the chain, an empty account, confirmations).
 */
export const SWEEP_EVERY_MINUTES = 5;

/** Locally (npm start, the tests) the sweep runs this often (infra/local/stream-worker.ts). */
export const LOCAL_SWEEP_EVERY_MS = 2_000;

/** How long a sweep waits for one record's transaction to be mined or confirmed before going to the next. */
export const SWEEP_RECEIPT_TIMEOUT_MS = 10_000;

/** Time a sweep keeps in hand: it takes no new record with less than this left. */
export const SWEEP_RESERVE_MS = 30_000;

/** The balance (ETH) of the anchoring account under which the stack's alarm fires. */
export const ANCHOR_BALANCE_ALARM_ETH = 0.05;

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
