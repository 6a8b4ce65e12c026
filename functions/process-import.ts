import { queueWorker } from '../lib/events/queue-worker';
import { importsOfS3Event, runImport } from '../lib/imports/run-import';
import { IMPORT_WORKER_FN } from '../lib/imports/worker';

/**
 * The import worker: each queued upload (its S3 event, through SQS) runs its import
 * (lib/imports/run-import.ts); a run that hands over before Lambda's timeout has its message
 * delivered again.
 */
export const handler = queueWorker(IMPORT_WORKER_FN, async (record, { remainingMs }) => {
  for (const { companyId, importId } of importsOfS3Event(record.body)) {
    if ((await runImport(companyId, importId, { remainingMs })) === 'handed_over') return 'again';
  }
});
