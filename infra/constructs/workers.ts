/**
 * The functions no route invokes: the KYB retry worker on its schedule, and the anchor worker
 * on the table's stream with the dead-letter queue of its event source mapping. Added in the
 * stack's own scope (see data.ts for why).
 */
import { Duration, type Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import {
  ContextAttribute,
  Schedule as ScheduledRule,
  ScheduleExpression,
  ScheduleTargetInput,
} from 'aws-cdk-lib/aws-scheduler';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import {
  ANCHOR_WORKER_ACCESS,
  ANCHOR_WORKER_FN,
  NOTARIZATION_INSERTS,
  STREAM_RETRY_ATTEMPTS,
  WORKER_TIMEOUT_SECONDS,
} from '../../lib/anchoring/worker';
import { functionId } from '../../lib/api/routes';
import {
  KYB_RETRY_ACCESS,
  KYB_RETRY_EVERY_MINUTES,
  KYB_RETRY_TIMEOUT_SECONDS,
  KYB_RETRY_WORKER_FN,
} from '../../lib/companies/kyb/worker';
import type { StackConfig } from '../config';
import type { DataStores } from './data';
import type { ServiceFunctions } from './functions';
import { acknowledge, NAG_ACKNOWLEDGEMENTS } from './nag';

export class Workers {
  /** The scheduled worker that retries PENDING KYB checks (functions/retry-pending-kyb.ts). */
  readonly kybRetryWorker: NodejsFunction;
  /** Where the anchor worker's event source mapping sends the stream records it gave up on. */
  readonly anchorDeadLetterQueue: Queue;
  /** The anchor worker (functions/anchor-notarization.ts), fed by the table's stream. */
  readonly anchorWorker: NodejsFunction;

  constructor(stack: Stack, config: StackConfig, data: DataStores, functions: ServiceFunctions) {
    this.kybRetryWorker = addKybRetryWorker(stack, functions);
    this.anchorDeadLetterQueue = new Queue(stack, 'AnchorDeadLetterQueue', {
      enforceSSL: true,
      encryption: QueueEncryption.SQS_MANAGED,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(this.anchorDeadLetterQueue, NAG_ACKNOWLEDGEMENTS.anchorDeadLetterQueue);
    acknowledge(this.anchorDeadLetterQueue, NAG_ACKNOWLEDGEMENTS.anchorDeadLetterQueueRedrive);
    this.anchorWorker = addAnchorWorker(config, data, functions, this.anchorDeadLetterQueue);
  }
}

/**
 * The KYB retry worker (lib/companies/kyb/worker.ts) and its schedule: EventBridge Scheduler invokes it
 * every KYB_RETRY_EVERY_MINUTES, through a role that may invoke exactly this function (not its
 * versions or aliases, which the L2 target's grant would add).
 */
function addKybRetryWorker(stack: Stack, functions: ServiceFunctions): NodejsFunction {
  const fn = functions.add({
    fn: KYB_RETRY_WORKER_FN,
    access: KYB_RETRY_ACCESS,
    // A worker takes no token: no JWT settings.
    auth: 'public',
    description: `Retries PENDING KYB checks with VIES every ${KYB_RETRY_EVERY_MINUTES} min`,
    timeoutSeconds: KYB_RETRY_TIMEOUT_SECONDS,
  });
  acknowledge(fn, NAG_ACKNOWLEDGEMENTS.kybRetryDeadLetterQueue);
  const schedulerRole = new Role(stack, `${functionId(KYB_RETRY_WORKER_FN)}SchedulerRole`, {
    assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
      conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
    }),
    description: `EventBridge Scheduler: invoke ${KYB_RETRY_WORKER_FN}`,
  });
  schedulerRole.addToPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }));
  new ScheduledRule(stack, `${functionId(KYB_RETRY_WORKER_FN)}Schedule`, {
    description: `Retry PENDING KYB checks with VIES (${KYB_RETRY_WORKER_FN})`,
    schedule: ScheduleExpression.rate(Duration.minutes(KYB_RETRY_EVERY_MINUTES)),
    target: {
      bind: () => ({
        arn: fn.functionArn,
        role: schedulerRole,
        // Its context, for the worker's logs (lib/events/scheduled.ts, ScheduledRun).
        input: ScheduleTargetInput.fromObject({
          scheduledTime: ContextAttribute.scheduledTime,
          executionId: ContextAttribute.executionId,
        }),
        // A run missed is not worth a late one: the next comes within minutes.
        retryPolicy: { maximumRetryAttempts: 0, maximumEventAgeInSeconds: 60 },
      }),
    },
  });
  return fn;
}

/**
 * The anchor worker (lib/anchoring): the table's stream (KEYS_ONLY) feeds it through an event
 * source mapping filtered to new notarization records (NOTARIZATION_INSERTS, the filter the local
 * poller applies too), one record per invocation. A record it fails on is delivered again
 * (bisected, reported per item) up to STREAM_RETRY_ATTEMPTS times; the worker itself makes the
 * notarization FAILED after its last attempt, so a record reaches the dead-letter queue only
 * when even that did not work. Reserved concurrency 1: one anchoring key, whose nonces must be
 * used by one transaction at a time, while a table stream has several shards, each of which
 * would otherwise get an invocation of its own at the same time.
 */
function addAnchorWorker(
  config: StackConfig,
  data: DataStores,
  functions: ServiceFunctions,
  deadLetterQueue: Queue,
): NodejsFunction {
  const fn = functions.add({
    fn: ANCHOR_WORKER_FN,
    access: ANCHOR_WORKER_ACCESS,
    // A worker takes no token: no JWT settings.
    auth: 'public',
    description: `Anchors new notarizations on EVM chain ${config.evm.chainId} (the table's stream)`,
    timeoutSeconds: WORKER_TIMEOUT_SECONDS,
    reservedConcurrentExecutions: 1,
  });
  // Also grants the stream reads (and ListStreams) and sqs:SendMessage on the dead-letter queue.
  fn.addEventSource(
    new DynamoEventSource(data.table, {
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: 1,
      filters: [FilterCriteria.filter(NOTARIZATION_INSERTS)],
      retryAttempts: STREAM_RETRY_ATTEMPTS,
      bisectBatchOnError: true,
      reportBatchItemFailures: true,
      onFailure: new SqsDlq(deadLetterQueue),
    }),
  );
  acknowledge(fn, NAG_ACKNOWLEDGEMENTS.anchorWorkerDeadLetterQueue);
  if (fn.role) acknowledge(fn.role, NAG_ACKNOWLEDGEMENTS.anchorWorkerStarResource);
  return fn;
}
