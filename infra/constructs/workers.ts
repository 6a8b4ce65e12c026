/**
 * The functions no route invokes: the KYB retry worker on its schedule, and the anchor worker
 * on the table's stream with the dead-letter queue of its event source mapping. Added in the
 * stack's own scope (see data.ts for why).
 */
import { Duration, RemovalPolicy, SecretValue, type Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { CfnBucket } from 'aws-cdk-lib/aws-s3';
import {
  ContextAttribute,
  Schedule as ScheduledRule,
  ScheduleExpression,
  ScheduleTargetInput,
} from 'aws-cdk-lib/aws-scheduler';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import {
  ANCHOR_WORKER_ACCESS,
  ANCHOR_WORKER_FN,
  NOTARIZATION_INSERTS,
  STREAM_RETRY_ATTEMPTS,
  SWEEP_EVERY_MINUTES,
  WORKER_TIMEOUT_SECONDS,
} from '../../lib/anchoring/worker';
import { functionId } from '../../lib/api/routes';
import {
  KYB_RETRY_ACCESS,
  KYB_RETRY_EVERY_MINUTES,
  KYB_RETRY_TIMEOUT_SECONDS,
  KYB_RETRY_WORKER_FN,
} from '../../lib/companies/kyb/worker';
import { IMPORT_OBJECT_SUFFIX } from '../../lib/imports/model';
import {
  IMPORT_MAX_RECEIVES,
  IMPORT_VISIBILITY_TIMEOUT_SECONDS,
  IMPORT_WORKER_ACCESS,
  IMPORT_WORKER_CONCURRENCY,
  IMPORT_WORKER_FN,
  IMPORT_WORKER_NODE_OPTIONS,
  IMPORT_WORKER_TIMEOUT_SECONDS,
} from '../../lib/imports/worker';
import type { StackConfig } from '../config';
import type { DataStores } from './data';
import { addSetting, NODE_OPTIONS, type ServiceFunctions } from './functions';
import { acknowledge, NAG_ACKNOWLEDGEMENTS } from './nag';
import { tableStream } from './table-stream';

export class Workers {
  /** The scheduled worker that retries PENDING KYB checks (functions/retry-pending-kyb.ts). */
  readonly kybRetryWorker: NodejsFunction;
  /** Where the anchor worker's event source mapping sends the stream records it gave up on. */
  readonly anchorDeadLetterQueue: Queue;
  /** The anchor worker (functions/anchor-notarization.ts), fed by the table's stream. */
  readonly anchorWorker: NodejsFunction;
  /** The JSON-RPC URL of the anchor worker's node (often with a provider's key in it): EVM_RPC_URL_SECRET_ID. */
  readonly anchorRpcUrlSecret: Secret;

  /** The import worker (functions/process-import.ts), fed by its queue. */
  readonly importWorker: NodejsFunction;
  /** The queue the data bucket's import uploads are sent to, and its dead-letter queue. */
  readonly importQueue: Queue;
  readonly importDeadLetterQueue: Queue;

  constructor(stack: Stack, config: StackConfig, data: DataStores, functions: ServiceFunctions) {
    const kyb = addKybRetryWorker(stack, functions);
    this.kybRetryWorker = kyb.fn;
    this.anchorDeadLetterQueue = new Queue(stack, 'AnchorDeadLetterQueue', {
      enforceSSL: true,
      encryption: QueueEncryption.SQS_MANAGED,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(this.anchorDeadLetterQueue, NAG_ACKNOWLEDGEMENTS.anchorDeadLetterQueue);
    acknowledge(this.anchorDeadLetterQueue, NAG_ACKNOWLEDGEMENTS.anchorDeadLetterQueueRedrive);
    this.anchorWorker = addAnchorWorker(config, data, functions, this.anchorDeadLetterQueue);
    this.anchorRpcUrlSecret = addAnchorRpcUrlSecret(stack, config, this.anchorWorker);
    addAnchorSweepSchedule(stack, this.anchorWorker, kyb.schedulerRole);
    const imports = addImportWorker(stack, data, functions);
    this.importWorker = imports.fn;
    this.importQueue = imports.queue;
    this.importDeadLetterQueue = imports.deadLetterQueue;
  }
}

/**
 * The import worker (lib/imports/worker.ts): the data bucket sends each created object whose key
 * ends in IMPORT_OBJECT_SUFFIX to a queue (an L1 notification: CDK's L2 adds a custom-resource
 * Lambda); an event source mapping runs the worker on it, at most IMPORT_WORKER_CONCURRENCY at
 * once, so an import of a million rows cannot take the table's capacity from the API's reads.
 * A message that fails IMPORT_MAX_RECEIVES times goes to the dead-letter queue (alarmed,
 * infra/constructs/alarms.ts); a redelivered import resumes at its checkpoint.
 */
function addImportWorker(
  stack: Stack,
  data: DataStores,
  functions: ServiceFunctions,
): { fn: NodejsFunction; queue: Queue; deadLetterQueue: Queue } {
  const deadLetterQueue = new Queue(stack, 'ImportDeadLetterQueue', {
    enforceSSL: true,
    encryption: QueueEncryption.SQS_MANAGED,
    retentionPeriod: Duration.days(14),
  });
  acknowledge(deadLetterQueue, NAG_ACKNOWLEDGEMENTS.importDeadLetterQueue);
  acknowledge(deadLetterQueue, NAG_ACKNOWLEDGEMENTS.importDeadLetterQueueRedrive);
  const queue = new Queue(stack, 'ImportQueue', {
    enforceSSL: true,
    encryption: QueueEncryption.SQS_MANAGED,
    visibilityTimeout: Duration.seconds(IMPORT_VISIBILITY_TIMEOUT_SECONDS),
    deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: IMPORT_MAX_RECEIVES },
  });
  // S3 may send to it from this account's bucket (by account: the bucket's ARN here would make a cycle).
  queue.addToResourcePolicy(
    new PolicyStatement({
      principals: [new ServicePrincipal('s3.amazonaws.com')],
      actions: ['sqs:SendMessage'],
      resources: [queue.queueArn],
      conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
    }),
  );
  const bucket = data.bucket.node.defaultChild as CfnBucket;
  bucket.notificationConfiguration = {
    queueConfigurations: [
      {
        event: 's3:ObjectCreated:*',
        queue: queue.queueArn,
        filter: { s3Key: { rules: [{ name: 'suffix', value: IMPORT_OBJECT_SUFFIX }] } },
      },
    ],
  };
  const policy = queue.node.tryFindChild('Policy');
  if (policy) bucket.node.addDependency(policy);
  const fn = functions.add({
    fn: IMPORT_WORKER_FN,
    access: IMPORT_WORKER_ACCESS,
    auth: 'public',
    description: 'Runs a bulk import: streams the uploaded file and writes its rows in batches',
    timeoutSeconds: IMPORT_WORKER_TIMEOUT_SECONDS,
  });
  // Its heap bounded as the benchmark measured it (lib/imports/worker.ts), after every function's options.
  fn.addEnvironment('NODE_OPTIONS', `${NODE_OPTIONS} ${IMPORT_WORKER_NODE_OPTIONS}`);
  acknowledge(fn, NAG_ACKNOWLEDGEMENTS.importWorkerDeadLetterQueue);
  acknowledge(fn, NAG_ACKNOWLEDGEMENTS.importWorkerMappingDestination);
  fn.addEventSource(
    new SqsEventSource(queue, {
      batchSize: 1,
      maxConcurrency: IMPORT_WORKER_CONCURRENCY,
      reportBatchItemFailures: true,
    }),
  );
  return { fn, queue, deadLetterQueue };
}

/**
 * The KYB retry worker (lib/companies/kyb/worker.ts) and its schedule: EventBridge Scheduler invokes it
 * every KYB_RETRY_EVERY_MINUTES, through a role that may invoke exactly this function (not its
 * versions or aliases, which the L2 target's grant would add).
 */
function addKybRetryWorker(stack: Stack, functions: ServiceFunctions): { fn: NodejsFunction; schedulerRole: Role } {
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
  scheduleWorker(stack, fn, schedulerRole, {
    id: `${functionId(KYB_RETRY_WORKER_FN)}Schedule`,
    description: `Retry PENDING KYB checks with VIES (${KYB_RETRY_WORKER_FN})`,
    everyMinutes: KYB_RETRY_EVERY_MINUTES,
  });
  return { fn, schedulerRole };
}

/**
 * The RPC URL of the anchor worker's node in a secret (lib/anchoring/rpc-url.ts), not in the
 * function's environment: a provider's URL carries its key. Its first value is context
 * evmRpcUrl (a keyless public node by default); the operator puts a provider's URL in the
 * secret itself (docs/deploy.md), which the worker reads again every 5 minutes.
 */
function addAnchorRpcUrlSecret(stack: Stack, config: StackConfig, fn: NodejsFunction): Secret {
  const secret = new Secret(stack, 'AnchorRpcUrl', {
    description: `JSON-RPC URL of a node of EVM chain ${config.evm.chainId} for the anchor worker (a provider's URL with its key belongs here, never in context).`,
    secretStringValue: SecretValue.unsafePlainText(config.evm.rpcUrl),
    // The provider gives the URL again: nothing is lost with the stack.
    removalPolicy: RemovalPolicy.DESTROY,
  });
  acknowledge(secret, NAG_ACKNOWLEDGEMENTS.anchorRpcUrlRotation);
  fn.addToRolePolicy(
    new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }),
  );
  addSetting(fn, config, 'EVM_RPC_URL_SECRET_ID', secret.secretArn);
  return secret;
}

/**
 * The anchor worker's sweep (lib/anchoring/sweep-pending.ts): EventBridge Scheduler invokes the
 * same function every SWEEP_EVERY_MINUTES (one function, so its reserved concurrency of 1 keeps
 * the account's nonces to one invocation at a time), through the KYB schedule's role, which
 * may invoke exactly these two functions.
 */
function addAnchorSweepSchedule(stack: Stack, fn: NodejsFunction, schedulerRole: Role): void {
  scheduleWorker(stack, fn, schedulerRole, {
    id: `${functionId(ANCHOR_WORKER_FN)}Schedule`,
    description: `Try PENDING notarizations again (${ANCHOR_WORKER_FN})`,
    everyMinutes: SWEEP_EVERY_MINUTES,
  });
}

/**
 * An EventBridge Scheduler rule that invokes a worker every `everyMinutes` through `role` (given
 * the right to invoke it here), with its context for the worker's logs (lib/events/scheduled.ts,
 * ScheduledRun). A run missed is not worth a late one: the next comes within minutes.
 */
function scheduleWorker(
  stack: Stack,
  fn: NodejsFunction,
  role: Role,
  rule: { id: string; description: string; everyMinutes: number },
): void {
  role.addToPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }));
  new ScheduledRule(stack, rule.id, {
    description: rule.description,
    schedule: ScheduleExpression.rate(Duration.minutes(rule.everyMinutes)),
    target: {
      bind: () => ({
        arn: fn.functionArn,
        role,
        input: ScheduleTargetInput.fromObject({
          scheduledTime: ContextAttribute.scheduledTime,
          executionId: ContextAttribute.executionId,
        }),
        retryPolicy: { maximumRetryAttempts: 0, maximumEventAgeInSeconds: 60 },
      }),
    },
  });
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
    tableStream(data.table, deadLetterQueue, {
      batchSize: 1,
      filters: [FilterCriteria.filter(NOTARIZATION_INSERTS)],
      retryAttempts: STREAM_RETRY_ATTEMPTS,
    }),
  );
  acknowledge(fn, NAG_ACKNOWLEDGEMENTS.anchorWorkerDeadLetterQueue);
  if (fn.role) acknowledge(fn.role, NAG_ACKNOWLEDGEMENTS.anchorWorkerStarResource);
  return fn;
}
