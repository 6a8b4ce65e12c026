import middy from '@middy/core';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { assertConfigured } from '../config';
import type { Key } from '../data/keys';
import { logger } from '../logger';
import { withInvocationBudget } from './budget';
import { workerObservability } from './observability';

/**
 * The Middy composition of a worker fed by the table's DynamoDB stream (the counterpart of
 * lib/http/endpoint.ts for HTTP routes): the function's settings checked at cold start, the
 * same log keys and metrics flush as a route, and each record's keys handed to one use case.
 *
 * Partial batch responses (`ReportBatchItemFailures`): records are run in order, and the first
 * that fails is reported by its sequence number and ends the batch, since the stream resends
 * from that record on (https://docs.aws.amazon.com/lambda/latest/dg/services-ddb-batchfailurereporting.html).
 * A record with no `pk`/`sk` string keys can never be worked on: it is logged and passed.
 * Each invocation runs in a time budget (./budget.ts): a call cut by it fails its record, which
 * the stream delivers again, instead of the invocation timing out.
 */
export type StreamWorkerHandler = middy.MiddyfiedHandler<DynamoDBStreamEvent, DynamoDBBatchResponse, Error, Context>;

/** The item key of a stream record (KEYS_ONLY: the keys are all it carries), or undefined. */
export function recordKey(record: DynamoDBRecord): Key | undefined {
  const keys = record.dynamodb?.Keys;
  const pk = keys?.pk?.S;
  const sk = keys?.sk?.S;
  return pk !== undefined && sk !== undefined ? { pk, sk } : undefined;
}

/** The handler of a stream worker: `run` once per record, in order. */
export function streamWorker(name: string, run: (key: Key) => Promise<unknown>): StreamWorkerHandler {
  // Fail at cold start, naming every missing setting the function's modules declared.
  assertConfigured();
  return middy<DynamoDBStreamEvent, DynamoDBBatchResponse>(workerObservability(name)).handler((event, context) =>
    withInvocationBudget(context, () => runRecords(name, run, event, context)),
  );
}

/** Each record in order; the first that fails ends the batch (see above). */
async function runRecords(
  name: string,
  run: (key: Key) => Promise<unknown>,
  event: DynamoDBStreamEvent,
  context: Context | undefined,
): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records ?? []) {
    const key = recordKey(record);
    // Every line about this record carries its stream event id.
    logger.setRequestKeys({
      cold_start: false,
      function_name: context?.functionName,
      function_request_id: context?.awsRequestId,
      correlation_id: record.eventID ?? context?.awsRequestId,
    });
    if (!key) {
      logger.error(`${name}: a stream record without pk and sk; passed over`, { event_id: record.eventID });
      continue;
    }
    try {
      await run(key);
    } catch (error) {
      const sequence = record.dynamodb?.SequenceNumber;
      logger.warn(`${name}: the record failed; the stream delivers it again`, { ...key, sequence, error });
      // Without a sequence number the record cannot be named: fail the invocation, so the whole batch is retried.
      if (sequence === undefined) throw error;
      return { batchItemFailures: [{ itemIdentifier: sequence }] };
    }
  }
  return { batchItemFailures: [] };
}

/**
 * The handler of a stream worker whose use case depends only on an item's key and state now (the
 * back-up's replicator): each distinct key of the batch is run once, `concurrency` at a time, as
 * running it again for a later record of the same key would do the same. A key that fails is
 * reported by the sequence number of its first record in the batch (the earliest failure's), so
 * the stream delivers that record and everything after it again.
 */
export function keyedStreamWorker(
  name: string,
  run: (key: Key) => Promise<unknown>,
  concurrency: number,
): StreamWorkerHandler {
  assertConfigured();
  return middy<DynamoDBStreamEvent, DynamoDBBatchResponse>(workerObservability(name)).handler((event, context) =>
    withInvocationBudget(context, () => runKeys(name, run, concurrency, event)),
  );
}

async function runKeys(
  name: string,
  run: (key: Key) => Promise<unknown>,
  concurrency: number,
  event: DynamoDBStreamEvent,
): Promise<DynamoDBBatchResponse> {
  const records = event.Records ?? [];
  const first = new Map<string, { key: Key; index: number }>();
  records.forEach((record, index) => {
    const key = recordKey(record);
    if (!key) logger.error(`${name}: a stream record without pk and sk; passed over`, { event_id: record.eventID });
    else if (!first.has(`${key.pk}\u0000${key.sk}`)) first.set(`${key.pk}\u0000${key.sk}`, { key, index });
  });
  const pending = [...first.values()];
  const failed: number[] = [];
  let lastError: unknown;
  const lane = async () => {
    for (let next = pending.shift(); next; next = pending.shift()) {
      try {
        await run(next.key);
      } catch (error) {
        lastError = error;
        failed.push(next.index);
        logger.warn(`${name}: the record failed; the stream delivers it again`, { ...next.key, error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, pending.length)) }, lane));
  if (failed.length === 0) return { batchItemFailures: [] };
  const sequence = records[Math.min(...failed)]?.dynamodb?.SequenceNumber;
  if (sequence === undefined) throw lastError;
  return { batchItemFailures: [{ itemIdentifier: sequence }] };
}
