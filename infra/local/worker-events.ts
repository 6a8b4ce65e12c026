/**
 * The sample events of the two workers (`npm run events` writes them to events/, `npm run
 * invoke` runs them), reproducible byte for byte: the stream record the event source mapping
 * hands the anchor worker for the notarization of the demo's first notarized version (a
 * KEYS_ONLY INSERT, which NOTARIZATION_INSERTS selects), and the input EventBridge Scheduler
 * sends on each schedule (infra/constructs/workers.ts): the KYB retry's and the anchor sweep's.
 */
import type { Context, DynamoDBStreamEvent, SQSEvent } from 'aws-lambda';
import { ANCHOR_WORKER_FN, WORKER_TIMEOUT_SECONDS } from '../../lib/anchoring/worker';
import { KYB_RETRY_TIMEOUT_SECONDS, KYB_RETRY_WORKER_FN } from '../../lib/companies/kyb/worker';
import * as keys from '../../lib/data/keys';
import { defined } from '../../lib/defined';
import type { ScheduledRun } from '../../lib/events/scheduled';
import { importObjectKey } from '../../lib/imports/model';
import { IMPORT_WORKER_FN, IMPORT_WORKER_TIMEOUT_SECONDS } from '../../lib/imports/worker';
import { lambdaContext } from './api-gateway-event';
import demoData from './demo-data.json' with { type: 'json' };
import { LOCAL_REGION } from './environment';
import { loadFunction } from './handlers';
import { runAs } from './iam/runtime';

export type WorkerFn = typeof ANCHOR_WORKER_FN | typeof KYB_RETRY_WORKER_FN | typeof IMPORT_WORKER_FN;
export const WORKER_FNS: readonly WorkerFn[] = [ANCHOR_WORKER_FN, KYB_RETRY_WORKER_FN, IMPORT_WORKER_FN];

/**
 * What the import queue hands the import worker: one SQS message whose body is the S3 event of
 * an upload (infra/constructs/workers.ts, addImportWorker). Its import is none of the demo's, so
 * a run finds nothing to do (an import already done or gone is left alone, as a redelivery is).
 */
function importQueueEvent(): SQSEvent {
  const key = importObjectKey(demoData.companies[0]?.id ?? '', '01a19656-4aff-7000-8000-0000000000ff');
  const s3Event = {
    Records: [
      {
        eventVersion: '2.1',
        eventSource: 'aws:s3',
        awsRegion: LOCAL_REGION,
        eventTime: '2026-11-21T10:15:00.000Z',
        eventName: 'ObjectCreated:Put',
        s3: { s3SchemaVersion: '1.0', bucket: { name: 'dpp-local-files' }, object: { key, size: 1024 } },
      },
    ],
  };
  return {
    Records: [
      {
        messageId: '059f36b4-87a3-44ab-83d2-661975830a7d',
        receiptHandle: 'sample-receipt-handle',
        body: JSON.stringify(s3Event),
        attributes: {
          ApproximateReceiveCount: '1',
          SentTimestamp: '1793523600000',
          SenderId: 'AIDAJHIPRHEMV73VRJEBU',
          ApproximateFirstReceiveTimestamp: '1793523600001',
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: `arn:aws:sqs:${LOCAL_REGION}:123456789012:dpp-service-ImportQueue`,
        awsRegion: LOCAL_REGION,
      },
    ],
  };
}

/** The first demo version that is notarized (its notarization record is the seed's number 1). */
const notarizedDpp = defined(
  demoData.versions.find((version) => version.notarize),
  'a notarized demo version',
).dpp;

function streamEvent(): DynamoDBStreamEvent {
  const key = keys.notarization(notarizedDpp, 1);
  return {
    Records: [
      {
        eventID: '7de3041dd709b024af6f29e4fa13d34c',
        eventName: 'INSERT',
        eventVersion: '1.1',
        eventSource: 'aws:dynamodb',
        awsRegion: LOCAL_REGION,
        dynamodb: {
          ApproximateCreationDateTime: 1793523600,
          Keys: { pk: { S: key.pk }, sk: { S: key.sk } },
          SequenceNumber: '100000000000000000001',
          SizeBytes: 96,
          StreamViewType: 'KEYS_ONLY',
        },
        eventSourceARN: `arn:aws:dynamodb:${LOCAL_REGION}:123456789012:table/dpp-service-Table/stream/2026-11-01T09:00:00.000`,
      },
    ],
  };
}

/** What the schedule sends: its context attributes (ScheduledRun), fixed here. */
const scheduledRun = (executionId: string): ScheduledRun => ({
  scheduledTime: '2026-11-21T10:15:00Z',
  executionId,
});

/** Each sample event of a worker: its file name in events/ (without .json), the worker and the event. */
export function workerSampleEvents(): {
  name: string;
  fn: WorkerFn;
  event: DynamoDBStreamEvent | ScheduledRun | SQSEvent;
}[] {
  return [
    { name: ANCHOR_WORKER_FN, fn: ANCHOR_WORKER_FN, event: streamEvent() },
    {
      name: `${ANCHOR_WORKER_FN}-sweep`,
      fn: ANCHOR_WORKER_FN,
      event: scheduledRun('sample-anchor-sweep-0000-000000000001'),
    },
    { name: KYB_RETRY_WORKER_FN, fn: KYB_RETRY_WORKER_FN, event: scheduledRun('sample-kyb-retry-0000-000000000001') },
    { name: IMPORT_WORKER_FN, fn: IMPORT_WORKER_FN, event: importQueueEvent() },
  ];
}

/** Whether `fn` names a worker (`npm run invoke` runs a worker's event as its trigger would). */
export const isWorker = (fn: string): fn is WorkerFn => (WORKER_FNS as readonly string[]).includes(fn);

/** The worker's timeout, as Lambda counts it down. */
const WORKER_TIMEOUTS_SECONDS: Record<WorkerFn, number> = {
  [ANCHOR_WORKER_FN]: WORKER_TIMEOUT_SECONDS,
  [KYB_RETRY_WORKER_FN]: KYB_RETRY_TIMEOUT_SECONDS,
  [IMPORT_WORKER_FN]: IMPORT_WORKER_TIMEOUT_SECONDS,
};

/**
 * Runs one event through a worker's handler (functions/<fn>.ts, the module the Lambda runs) in
 * this process, with the time left of its own timeout: what `npm run invoke` does for a worker.
 * The local environment must be set before the first call (settings are read at module scope).
 */
export async function invokeWorker(fn: WorkerFn, event: unknown): Promise<unknown> {
  const handler = await loadFunction<(event: unknown, context: Context) => Promise<unknown>>(fn);
  const deadline = Date.now() + WORKER_TIMEOUTS_SECONDS[fn] * 1000;
  return runAs(fn, () =>
    handler(event, {
      ...lambdaContext(fn),
      getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    }),
  );
}
