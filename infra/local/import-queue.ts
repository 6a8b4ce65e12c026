/**
 * What S3's event notification, SQS and the event source mapping do in the cloud for the import
 * worker (infra/constructs/workers.ts, addImportWorker), for `npm start` and the tests: the
 * local S3 engine's event for an object whose key ends in IMPORT_OBJECT_SUFFIX is sent to a
 * local queue (engines/sqs.ts: visibility timeout, redelivery, dead-letter queue after
 * IMPORT_MAX_RECEIVES receives); at most IMPORT_WORKER_CONCURRENCY pollers receive from it and
 * run the worker's handler (functions/process-import.ts, the same code the Lambda runs) on an
 * SQS event, deleting a message only when its run reported no failure.
 */
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { IMPORT_OBJECT_SUFFIX } from '../../lib/imports/model';
import {
  IMPORT_MAX_RECEIVES,
  IMPORT_WORKER_CONCURRENCY,
  IMPORT_WORKER_FN,
  IMPORT_WORKER_TIMEOUT_SECONDS,
} from '../../lib/imports/worker';
import { logger } from '../../lib/logger';
import { lambdaContext } from './api-gateway-event';
import { s3Events } from './engines/s3';
import { LocalQueue } from './engines/sqs';
import { LOCAL_BACKUP_BUCKET } from './environment';
import { loadFunction } from './handlers';
import { runAs } from './iam/runtime';

/** Locally a stopped run is delivered again after 5 s (in the cloud IMPORT_VISIBILITY_TIMEOUT_SECONDS). */
export const LOCAL_IMPORT_VISIBILITY_MS = 5_000;
const POLL_MS = 100;

export type QueueHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | undefined>;

export interface ImportQueueOptions {
  visibilityTimeoutMs?: number;
  handler?: QueueHandler;
}

export interface ImportQueue {
  queue: LocalQueue;
  deadLetterQueue: LocalQueue;
  stop(): Promise<void>;
}

export function startImportQueue(options: ImportQueueOptions = {}): ImportQueue {
  const deadLetterQueue = new LocalQueue({ visibilityTimeoutMs: 0, maxReceiveCount: Number.POSITIVE_INFINITY });
  const queue = new LocalQueue({
    visibilityTimeoutMs: options.visibilityTimeoutMs ?? LOCAL_IMPORT_VISIBILITY_MS,
    maxReceiveCount: IMPORT_MAX_RECEIVES,
    deadLetterQueue,
  });
  const onEvent = (event: unknown) => {
    const records = (
      event as {
        Records?: Array<{ eventName?: string; s3?: { bucket?: { name?: string }; object?: { key?: string } } }>;
      }
    ).Records;
    const created = (records ?? []).filter(
      (record) =>
        record.eventName?.startsWith('ObjectCreated:') &&
        record.s3?.object?.key?.endsWith(IMPORT_OBJECT_SUFFIX) &&
        // The back-up's copy of an upload (infra/local/backup.ts) is not the data bucket's: no notification.
        record.s3?.bucket?.name !== LOCAL_BACKUP_BUCKET,
    );
    // The bucket's notification filter: only an import's upload is queued.
    if (created.length > 0) queue.send(JSON.stringify({ Records: created }));
  };
  s3Events.on('event', onEvent);
  let handler = options.handler;
  let stopped = false;
  const run = async (): Promise<void> => {
    const [message] = queue.receive(1);
    if (!message) return;
    handler ??= await loadFunction<QueueHandler>(IMPORT_WORKER_FN);
    const worker = handler;
    const context = lambdaContext(IMPORT_WORKER_FN);
    const deadline = Date.now() + IMPORT_WORKER_TIMEOUT_SECONDS * 1000;
    const event: SQSEvent = {
      Records: [
        {
          messageId: message.messageId,
          receiptHandle: message.receiptHandle,
          body: message.body,
          attributes: {
            ApproximateReceiveCount: String(message.receiveCount),
            SentTimestamp: String(message.sentAt),
            SenderId: 'local-s3',
            ApproximateFirstReceiveTimestamp: String(Date.now()),
          },
          messageAttributes: {},
          md5OfBody: '',
          eventSource: 'aws:sqs',
          eventSourceARN: 'arn:aws:sqs:eu-central-1:000000000000:ImportQueue',
          awsRegion: 'eu-central-1',
        },
      ],
    };
    const result = await runAs(IMPORT_WORKER_FN, () =>
      worker(event, { ...context, getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()) }),
    ).catch((error: unknown) => {
      logger.debug('local import run failed', { error });
      return { batchItemFailures: [{ itemIdentifier: message.messageId }] };
    });
    if ((result?.batchItemFailures ?? []).length === 0) queue.delete(message.receiptHandle);
  };
  const pollers = Array.from({ length: IMPORT_WORKER_CONCURRENCY }, async () => {
    while (!stopped) {
      await run().catch((error: unknown) => logger.debug('local import poller', { error }));
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  });
  return {
    queue,
    deadLetterQueue,
    stop: async () => {
      stopped = true;
      s3Events.off('event', onEvent);
      await Promise.all(pollers);
    },
  };
}
