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

/**
 * The worker's V8 heap, bounded (its function's NODE_OPTIONS, after every function's: infra/constructs/workers.ts;
 * the benchmark's worker process too): a young generation of 4 MiB semi-spaces and an old
 * generation of 128 MiB. Without them V8 sizes its heap for the machine, not for the 9 KB rows
 * an import makes by the hundred thousand: the young generation grows to its largest and the
 * heap V8 holds reaches 150–175 MiB while 25–100 MiB of it is live, and the process's RSS
 * 240–300 MiB; with them the RSS stays at 119–142 MiB from 10,000 to 100,000 rows
 * (docs/performance.md, Bulk import). The live heap (a batch of rows, the products seen) is well
 * under 128 MiB; an XLSX file adds its shared strings, the file's distinct texts.
 */
export const IMPORT_WORKER_NODE_OPTIONS = '--max-semi-space-size=4 --max-old-space-size=128';

/** What it may touch: the table (DPPs, products, imports, rows) and the uploaded objects. */
export const IMPORT_WORKER_ACCESS = { table: 'write', bucket: ['get'] } as const satisfies Access;
