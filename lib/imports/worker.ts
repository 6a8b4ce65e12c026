/**
 * The import worker's contract with what runs it (infra/constructs/imports.ts: the queue, its
 * dead-letter queue, the S3 event, the event source mapping; infra/local/import-queue.ts: the
 * same locally), and its run: an upload's S3 event, through SQS, runs one import.
 */
import type { Access } from '../access';

/** The function (functions/process-import.ts). */
export const IMPORT_WORKER_FN = 'process-import';
/** Lambda's longest: an import resumes from its checkpoint when redelivered. */
export const IMPORT_WORKER_TIMEOUT_SECONDS = 900;
/** Imports running at once, at most (the event source mapping's maximum concurrency): the API's reads keep their capacity. */
export const IMPORT_WORKER_CONCURRENCY = 2;
/**
 * A run hands the import over (lib/imports/run-import.ts) when less than this is left of its
 * invocation before its next batch: a batch (a read, a few transactions, the checkpoint) takes
 * well under a second, and the SDK's retries of a throttled write a few.
 */
export const IMPORT_HANDOVER_RESERVE_MS = 60_000;
/**
 * Receives of one message before it goes to the dead-letter queue. A run that hands its import
 * over is a receive too: 20 covers the longest import a 200 MB file makes (about 1.3 million
 * rows of a few dynamic values each, 10 to 12 runs of 14 minutes at 150 rows a second) and a
 * few failures besides (docs/choices.md, Bulk import).
 */
export const IMPORT_MAX_RECEIVES = 20;
/** The queue's visibility timeout: longer than a run, so a running import is not delivered twice. */
export const IMPORT_VISIBILITY_TIMEOUT_SECONDS = IMPORT_WORKER_TIMEOUT_SECONDS + 60;
/** Rows per batch: one transaction holds their outcomes and the checkpoint (at most 100 legs). */
export const IMPORT_BATCH_ROWS = 25;

/** What it may touch: the table (DPPs, products, imports, rows) and the uploaded objects. */
export const IMPORT_WORKER_ACCESS = { table: 'write', bucket: ['get'] } as const satisfies Access;
