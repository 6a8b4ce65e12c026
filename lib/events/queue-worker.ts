import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { assertConfigured } from '../config';
import { logger } from '../logger';
import { workerObservability } from './observability';

/**
 * The Middy composition of a worker on an SQS queue (the import queue: an event source mapping
 * in the cloud, infra/local/import-queue.ts locally): the counterpart of scheduled.ts. Each
 * message is run; a message whose run throws is reported in `batchItemFailures`, so only it
 * is delivered again (after the queue's visibility timeout) and, after the queue's
 * maxReceiveCount, moves to the dead-letter queue, whose alarm fires. A run that resolves to
 * `again` (out of time, its work checkpointed: the import worker's handover) is reported the
 * same way, without an error: the queue delivers the message again and the next run goes on.
 */
export type QueueWorkerHandler = middy.MiddyfiedHandler<SQSEvent, SQSBatchResponse, Error, Context>;

export function queueWorker(
  name: string,
  run: (record: SQSRecord, context: { remainingMs(): number }) => Promise<'again' | undefined>,
): QueueWorkerHandler {
  assertConfigured();
  return middy<SQSEvent, SQSBatchResponse>(workerObservability(name)).handler(async (event, context) => {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records ?? []) {
      try {
        const outcome = await run(record, {
          remainingMs: () => context?.getRemainingTimeInMillis?.() ?? Number.POSITIVE_INFINITY,
        });
        if (outcome === 'again') {
          logger.info(`${name}: a message's run stopped short to go on later; the queue delivers it again`, {
            messageId: record.messageId,
          });
          batchItemFailures.push({ itemIdentifier: record.messageId });
        }
      } catch (error) {
        logger.error(`${name}: a message failed; the queue delivers it again`, { error, messageId: record.messageId });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  });
}
