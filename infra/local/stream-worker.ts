/**
 * What Lambda's DynamoDB event source mapping does in the cloud, for `npm start` and the
 * tests: polls the local table's stream (DynamoDB Local supports streams), follows its shards,
 * keeps the records the worker's filter selects (the very pattern the CDK stack gives the
 * mapping, lib/anchoring/worker.ts), and invokes the worker's handler module
 * (functions/anchor-notarization.ts, the same code the Lambda runs) with one record per event
 * (batch size 1). A record the handler fails on (an error, or a batch item failure) is delivered
 * again after a pause that doubles, up to the mapping's retry count; after that it is dropped
 * with an error line, where the cloud sends it to the dead-letter queue.
 *
 * Records are handled one at a time, across shards too: like the function's reserved
 * concurrency of 1, the one anchoring key's nonces are used by one worker at a time.
 */
import { randomUUID } from 'node:crypto';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import {
  ANCHOR_WORKER_FN,
  NOTARIZATION_INSERTS,
  STREAM_RETRY_ATTEMPTS,
  WORKER_TIMEOUT_SECONDS,
} from '../../lib/anchoring/worker';
import { type FilterPattern, matchesFilter } from '../../lib/events/stream-filter';
import { logger } from '../../lib/logger';
import { lambdaContext } from './api-gateway-event';
import { loadFunction } from './handlers';
import { runAs } from './iam/runtime';
import { onTableWrite } from './table-writes';

export type StreamHandler = (
  event: DynamoDBStreamEvent,
  context: Context,
) => Promise<DynamoDBBatchResponse | undefined>;

export interface StreamWorkerOptions {
  /** The handler environment (lib/config.ts names): DYNAMODB_ENDPOINT, AWS_REGION and credentials. */
  env: Record<string, string>;
  tableName: string;
  /** The function whose handler module runs (functions/<fn>.ts). Default: the anchor worker. */
  fn?: string;
  /** Which records it gets. Default: the anchor worker's (new notarization records). */
  filter?: FilterPattern;
  /** Instead of loading functions/<fn>.ts (tests). */
  handler?: StreamHandler;
  /** What the stream is read with, as the event source mapping reads it with the function's role; default the env's credentials. */
  streamCredentials?: { accessKeyId: string; secretAccessKey: string };
  /**
   * Pause after a poll that found nothing; it doubles while polls find nothing, up to
   * `idlePollMaxMs`, and a write through the IAM proxy (table-writes.ts) ends it at once.
   */
  pollIntervalMs?: number;
  /** The longest pause between polls while nothing is written (default 1 s; Lambda's mapping polls 4 times a second). */
  idlePollMaxMs?: number;
  /**
   * Records per event, at most (the mapping's batch size; default 1, the anchor worker's): the
   * selected records of one read of a shard, in order. A failed batch is delivered again whole.
   */
  batchSize?: number;
  /** Deliveries of a failed record after the first. Default: the cloud mapping's. */
  retryAttempts?: number;
  /** Pause before redelivery `n` (1, 2, …). Default: 100 ms doubling, at most 5 s. */
  retryDelayMs?: (n: number) => number;
  /**
   * Also run the handler on a schedule, this often, between polls (what EventBridge Scheduler
   * does in the cloud: the anchor worker's sweep of PENDING notarizations). Between polls, so
   * it never runs beside a delivery, like the function's reserved concurrency of 1. Default: never.
   */
  scheduleEveryMs?: number;
}

export interface LocalStreamWorker {
  /** Stops polling once the record in hand (if any) is done; the worker is idle after. */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((wake) => setTimeout(wake, ms));

/** Waits `ms`, or less: until the next write to the table through the IAM proxy, or until `signal` aborts. */
function untilWriteOr(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((wake) => {
    const done = () => {
      clearTimeout(timer);
      stopListening();
      signal.removeEventListener('abort', done);
      wake();
    };
    const timer = setTimeout(done, ms);
    const stopListening = onTableWrite(done);
    signal.addEventListener('abort', done);
  });
}

/** How often the shard list is read again (a closed shard's children appear there). */
const SHARD_REFRESH_MS = 2_000;

/** A stream record as the SDK gives it → as Lambda hands it to a function (epoch seconds, the stream's ARN). */
export function toLambdaRecord(record: StreamRecord, streamArn: string): DynamoDBRecord {
  const created = record.dynamodb?.ApproximateCreationDateTime;
  return {
    ...(record as DynamoDBRecord),
    eventSourceARN: streamArn,
    dynamodb: {
      ...(record.dynamodb as DynamoDBRecord['dynamodb']),
      ...(created !== undefined && { ApproximateCreationDateTime: Math.floor(new Date(created).getTime() / 1000) }),
    },
  };
}

/** The worker's handler, where the local stack runs its functions (infra/local/handlers.ts). */
const loadWorkerHandler = (fn: string): Promise<StreamHandler> => loadFunction<StreamHandler>(fn);

export async function startStreamWorker(options: StreamWorkerOptions): Promise<LocalStreamWorker> {
  const { env, tableName } = options;
  const fn = options.fn ?? ANCHOR_WORKER_FN;
  const filter = options.filter ?? NOTARIZATION_INSERTS;
  const pollIntervalMs = options.pollIntervalMs ?? 100;
  const idlePollMaxMs = Math.max(pollIntervalMs, options.idlePollMaxMs ?? 1_000);
  const retryAttempts = options.retryAttempts ?? STREAM_RETRY_ATTEMPTS;
  const retryDelayMs = options.retryDelayMs ?? ((n: number) => Math.min(100 * 2 ** (n - 1), 5_000));
  const clientConfig = {
    region: env.AWS_REGION,
    endpoint: env.DYNAMODB_ENDPOINT,
    credentials: {
      accessKeyId: env.AWS_ACCESS_KEY_ID ?? 'local',
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? 'local',
    },
  };
  const dynamodb = new DynamoDBClient(clientConfig);
  // The mapping reads the stream with the function's role (its stream grants), where the local stack checks them.
  const streams = new DynamoDBStreamsClient({
    ...clientConfig,
    credentials: options.streamCredentials ?? clientConfig.credentials,
  });
  const { Table } = await dynamodb.send(new DescribeTableCommand({ TableName: tableName }));
  dynamodb.destroy();
  const latestStream = Table?.LatestStreamArn;
  if (!latestStream) throw new Error(`the table ${tableName} has no stream (infra/local/bootstrap.ts enables one)`);
  const streamArn: string = latestStream;

  let handler: Promise<StreamHandler> | undefined = options.handler && Promise.resolve(options.handler);
  const handlerOf = () => {
    handler ??= loadWorkerHandler(fn);
    return handler;
  };

  /** Open shards → where to read next; shards seen once are never read again from the start. */
  const iterators = new Map<string, string>();
  const lastSequence = new Map<string, string>();
  const seen = new Set<string>();
  let stopping = false;
  /** Aborted by stop(): ends the idle pause in progress instead of waiting it out. */
  const stopped = new AbortController();

  async function iteratorFor(shardId: string): Promise<string | undefined> {
    const after = lastSequence.get(shardId);
    const { ShardIterator } = await streams.send(
      new GetShardIteratorCommand({
        StreamArn: streamArn,
        ShardId: shardId,
        ...(after
          ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after }
          : { ShardIteratorType: 'TRIM_HORIZON' }),
      }),
    );
    return ShardIterator;
  }

  async function refreshShards(): Promise<void> {
    let start: string | undefined;
    do {
      const { StreamDescription } = await streams.send(
        new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }),
      );
      for (const shard of StreamDescription?.Shards ?? []) {
        const id = shard.ShardId;
        if (!id || seen.has(id)) continue;
        seen.add(id);
        const iterator = await iteratorFor(id);
        if (iterator) iterators.set(id, iterator);
      }
      start = StreamDescription?.LastEvaluatedShardId;
    } while (start);
  }

  const batchSize = options.batchSize ?? 1;

  /** One batch of records to the handler, as often as the mapping would deliver it. */
  async function deliver(records: DynamoDBRecord[]): Promise<void> {
    const event: DynamoDBStreamEvent = { Records: records };
    for (let delivery = 0; delivery <= retryAttempts; delivery++) {
      if (delivery > 0) {
        if (stopping) return;
        await sleep(retryDelayMs(delivery));
      }
      let failed: unknown;
      try {
        const context = { ...lambdaContext(fn), getRemainingTimeInMillis: () => WORKER_TIMEOUT_SECONDS * 1000 };
        const result = await runAs(fn, async () => (await handlerOf())(event, context));
        if (!result?.batchItemFailures?.length) return;
        failed = `batch item failure ${result.batchItemFailures.map((f) => f.itemIdentifier).join(', ')}`;
      } catch (error) {
        failed = error;
      }
      logger.debug('local stream worker: the handler failed on a record', { fn, delivery, error: failed });
    }
    logger.error(
      `local stream worker: ${fn} failed on a record ${retryAttempts + 1} times; dropped (the cloud sends it to the dead-letter queue)`,
      {
        fn,
        keys: records.length === 1 ? records[0]?.dynamodb?.Keys : records.map((record) => record.dynamodb?.Keys),
        sequence: records[0]?.dynamodb?.SequenceNumber,
      },
    );
  }

  async function pollOnce(): Promise<number> {
    let found = 0;
    for (const [shardId, iterator] of [...iterators]) {
      if (stopping) break;
      let result: { Records?: StreamRecord[]; NextShardIterator?: string };
      try {
        result = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 100 }));
      } catch (error) {
        // An expired or trimmed iterator: read on from the last record handled.
        logger.debug('local stream worker: GetRecords failed; a new iterator', { shardId, error });
        const fresh = await iteratorFor(shardId).catch(() => undefined);
        if (fresh) iterators.set(shardId, fresh);
        continue;
      }
      const read = result.Records ?? [];
      for (let start = 0; start < read.length && !stopping; start += batchSize) {
        const chunk = read.slice(start, start + batchSize);
        found += chunk.length;
        const selected = chunk
          .map((record) => toLambdaRecord(record, streamArn))
          .filter((record) => matchesFilter(filter, record));
        if (selected.length > 0) await deliver(selected);
        const sequence = chunk.at(-1)?.dynamodb?.SequenceNumber;
        if (sequence) lastSequence.set(shardId, sequence);
      }
      if (result.NextShardIterator && !stopping) iterators.set(shardId, result.NextShardIterator);
      else if (!result.NextShardIterator) iterators.delete(shardId); // closed: its children come with the next refresh
    }
    return found;
  }

  /** The scheduled run: the handler with the schedule's input instead of a stream event. */
  async function scheduledRun(): Promise<void> {
    const context = { ...lambdaContext(fn), getRemainingTimeInMillis: () => WORKER_TIMEOUT_SECONDS * 1000 };
    const run = { scheduledTime: new Date().toISOString(), executionId: randomUUID() };
    try {
      await runAs(fn, async () => (await handlerOf())(run as unknown as DynamoDBStreamEvent, context));
    } catch (error) {
      // The handler logged it; the next run does its work, as in the cloud.
      logger.debug('local stream worker: the scheduled run failed', { fn, error });
    }
  }

  await refreshShards();
  const loop = (async () => {
    let refreshedAt = Date.now();
    let scheduledAt = Date.now();
    let pause = pollIntervalMs;
    while (!stopping) {
      try {
        if (Date.now() - refreshedAt > SHARD_REFRESH_MS || iterators.size === 0) {
          await refreshShards();
          refreshedAt = Date.now();
        }
        if (options.scheduleEveryMs !== undefined && Date.now() - scheduledAt >= options.scheduleEveryMs) {
          await scheduledRun();
          scheduledAt = Date.now();
        }
        if ((await pollOnce()) > 0) pause = pollIntervalMs;
        else if (!stopping) {
          await untilWriteOr(pause, stopped.signal);
          pause = Math.min(pause * 2, idlePollMaxMs);
        }
      } catch (error) {
        if (stopping) break;
        logger.warn('local stream worker: polling failed; trying again', { error });
        await sleep(1_000);
      }
    }
  })();

  return {
    stop: async () => {
      stopping = true;
      stopped.abort();
      await loop;
      streams.destroy();
    },
  };
}
