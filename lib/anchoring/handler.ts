import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { type ScheduledRun, scheduledWorker } from '../events/scheduled';
import { streamWorker } from '../events/stream-worker';
import { anchorNotarization } from './anchor-notarization';
import { sweepPendingNotarizations } from './sweep-pending';
import { ANCHOR_WORKER_FN, SWEEP_RESERVE_MS } from './worker';

export type AnchorWorkerEvent = DynamoDBStreamEvent | ScheduledRun | undefined;

/**
 * The anchor worker's one function, two triggers: a stream event (it has `Records`) is one
 * anchoring attempt per record (lib/events/stream-worker.ts); anything else is its schedule's
 * run, the sweep of PENDING notarizations (lib/events/scheduled.ts). One function, so the
 * account's nonces stay with one invocation at a time (its reserved concurrency of 1).
 */
export function anchorWorker() {
  const onStream = streamWorker(ANCHOR_WORKER_FN, (key) => anchorNotarization(key));
  const onSchedule = scheduledWorker(ANCHOR_WORKER_FN, ({ remainingMs }) =>
    sweepPendingNotarizations({ remainingMs, reserveMs: SWEEP_RESERVE_MS }),
  );
  return async (event: AnchorWorkerEvent, context: Context): Promise<DynamoDBBatchResponse | unknown> =>
    event && 'Records' in event ? onStream(event, context) : onSchedule(event, context);
}
