/**
 * Runs one import (the import worker, functions/process-import.ts): reads the uploaded file
 * once through to check it (UTF-8, its format) and count its rows, failing the import before
 * any write when it is not what was declared; then again, batch by batch, each batch's rows
 * written (lib/imports/apply.ts) and their outcomes stored with the checkpoint in one
 * transaction. A run that stops (a crash, a timeout) is redelivered by the queue and resumes at
 * the checkpoint: the rows before it are only read again (for DUPLICATE_IN_FILE), none is
 * written twice.
 *
 * Lambda stops a run at 15 minutes. So before each batch a run checks the time its invocation
 * has left (`remainingMs`, from the Lambda context); under IMPORT_HANDOVER_RESERVE_MS it stops
 * there, its checkpoint stored by the last batch, and answers `handed_over`: the worker reports
 * its message as not done, the queue delivers it again after its visibility timeout, and the
 * next run resumes at the checkpoint.
 */
import { bucket } from '../aws/s3';
import { readCompany } from '../companies/repository';
import { logger } from '../logger';
import { applyBatch, ProductsSeen, rememberProductOfRow } from './apply';
import { type ImportItem, importOfObjectKey } from './model';
import { checkpoint, readImport, setImportStatus } from './repository';
import { countFileRows, FileRefused, type FileRow, fileRows } from './rows';
import { IMPORT_BATCH_ROWS, IMPORT_HANDOVER_RESERVE_MS } from './worker';

export interface RunOptions {
  /** Milliseconds left in the invocation. */
  remainingMs?: () => number;
  /** Hand over when less than this is left before a batch (default IMPORT_HANDOVER_RESERVE_MS). */
  reserveMs?: number;
  /** The fault tests: called after a batch's writes, before its checkpoint (a throw there is a worker killed mid-batch). */
  beforeCheckpoint?: (batchFirstRow: number) => void | Promise<void>;
}

/** The imports an S3 event (an SQS message's body) names: the uploaded objects under an import's key. */
export function importsOfS3Event(body: string): Array<{ companyId: string; importId: string }> {
  let event: { Records?: Array<{ s3?: { object?: { key?: string } } }> };
  try {
    event = JSON.parse(body) as typeof event;
  } catch {
    return [];
  }
  return (event.Records ?? []).flatMap((record) => {
    const key = record.s3?.object?.key;
    if (typeof key !== 'string') return [];
    // S3 events URL-encode the key (a space as +).
    const found = importOfObjectKey(decodeURIComponent(key.replace(/\+/g, ' ')));
    return found ? [found] : [];
  });
}

/** The import's file, opened (again: an XLSX file is read twice a pass). */
const opener = (imp: ImportItem) => async () => {
  const body = await bucket.getStream(imp.object_key);
  if (!body) throw new FileRefused('no file was uploaded');
  return body;
};

/**
 * What a run did: `finished` (the import is done or failed, or another run has it: the message
 * is done with), or `handed_over` (out of time, at its checkpoint: the message must come again).
 */
export type RunOutcome = 'finished' | 'handed_over';

/** Runs the import; resolves once it is done, failed, another run has it, or the invocation's time is nearly out. */
export async function runImport(companyId: string, importId: string, options: RunOptions = {}): Promise<RunOutcome> {
  const reserveMs = options.reserveMs ?? IMPORT_HANDOVER_RESERVE_MS;
  const outOfTime = () => options.remainingMs !== undefined && options.remainingMs() < reserveMs;
  let imp = await readImport(companyId, importId, true);
  if (!imp || imp.status === 'done' || imp.status === 'failed') return 'finished';
  if (imp.status !== 'running') {
    const now = new Date().toISOString();
    if (!(await setImportStatus(companyId, importId, ['waiting_upload', 'queued'], 'running', { started_at: now })))
      return 'finished';
  }
  imp = (await readImport(companyId, importId, true)) as ImportItem;
  let total = imp.total_rows;
  if (total === undefined) {
    try {
      total = await countFileRows(opener(imp), imp.format, imp.columns);
    } catch (error) {
      if (!(error instanceof FileRefused)) throw error;
      await setImportStatus(companyId, importId, ['running'], 'failed', {
        reason: error.message,
        finished_at: new Date().toISOString(),
      });
      return 'finished';
    }
  }
  const company = await readCompany(companyId);
  const seen = new ProductsSeen();
  let next = imp.next_row;
  let batch: FileRow[] = [];
  const flush = async (): Promise<boolean> => {
    if (batch.length === 0) return true;
    const from = next;
    const outcomes = await applyBatch(imp as ImportItem, company, batch, seen);
    await options.beforeCheckpoint?.(from);
    const to = (batch.at(-1)?.row ?? from) + 1;
    const moved = await checkpoint(imp as ImportItem, from, to, outcomes, total);
    batch = [];
    if (!moved) {
      logger.warn('import checkpoint moved under this run: another run has the import', { importId });
      return false;
    }
    next = to;
    return true;
  };
  for await (const row of fileRows(opener(imp), imp.format, imp.columns)) {
    if (row.row < next) {
      // Written before the checkpoint: only its product is remembered, for DUPLICATE_IN_FILE.
      rememberProductOfRow(row, imp, seen);
      continue;
    }
    if (batch.length === 0 && outOfTime()) {
      logger.info('import handed over before the invocation runs out of time', { importId, nextRow: next });
      return 'handed_over';
    }
    batch.push(row);
    if (batch.length >= IMPORT_BATCH_ROWS && !(await flush())) return 'finished';
  }
  if (!(await flush())) return 'finished';
  await setImportStatus(companyId, importId, ['running'], 'done', {
    finished_at: new Date().toISOString(),
    total_rows: total,
  });
  return 'finished';
}
