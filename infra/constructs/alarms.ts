/**
 * CloudWatch alarms, all to one SNS topic (context alarmTopicArn, or one made here), with the
 * thresholds of infra/config.ts (AlarmThresholds): API 5xx rate; per function (that is, per
 * route) errors, throttles and p99 duration; the workers' failures; DynamoDB throttle events.
 *
 * The alarms live in a nested stack of their own (MONITORING_STACK_ID): three a function, they
 * were a third of the parent's resources, and CloudFormation counts its 500-resource limit per
 * template. An alarm's name is generated, so moving it only replaces it. The topic stays in the
 * parent under the id it always had: a replaced topic would drop its subscriptions.
 */
import { Duration, NestedStack, type Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { type ITopic, Topic } from 'aws-cdk-lib/aws-sns';
import { ANCHOR_BALANCE_ALARM_ETH, ANCHOR_WORKER_FN } from '../../lib/anchoring/worker';
import type { Route } from '../../lib/api/contract';
import { functionId, isCatchAll } from '../../lib/api/routes';
import { BACKUP_REPLICATOR_FN } from '../../lib/backup/worker';
import { KYB_RETRY_EVERY_MINUTES, KYB_RETRY_WORKER_FN } from '../../lib/companies/kyb/worker';
import { IMPORT_MAX_RECEIVES, IMPORT_WORKER_FN } from '../../lib/imports/worker';
import { DEFAULT_METRICS_NAMESPACE, METRIC } from '../../lib/metrics';
import type { StackConfig } from '../config';
import { tableSchema } from '../table-schema';
import type { BackupReplication } from './backup';
import { SERVICE_NAME } from './functions';
import type { Workers } from './workers';

/** What the alarms watch. */
export interface AlarmedResources {
  readonly api: HttpApi;
  readonly routes: readonly Route[];
  /** The function of each route row, by `fn`. */
  readonly functions: ReadonlyMap<string, NodejsFunction>;
  readonly workers: Workers;
  readonly table: Table;
  /** With a back-up (context backupAccount, …): its replicator and dead-letter queue (infra/constructs/backup.ts). */
  readonly backup?: BackupReplication;
}

/** The construct id of the nested stack that holds every alarm. */
export const MONITORING_STACK_ID = 'Monitoring';

export class Alarms {
  /** The topic every alarm notifies (in the parent stack). */
  readonly topic: ITopic;
  /** The nested stack that holds every alarm. */
  readonly stack: NestedStack;

  constructor(parent: Stack, config: StackConfig, watched: AlarmedResources) {
    const thresholds = config.alarms;
    const period = Duration.minutes(thresholds.periodMinutes);
    this.topic = alarmTopic(parent, config.alarmTopicArn);
    const stack = new NestedStack(parent, MONITORING_STACK_ID, {
      description: `${parent.stackName}: the CloudWatch alarms of the API, every function, the workers and the table`,
    });
    this.stack = stack;
    const action = new SnsAction(this.topic);
    const alarm = (
      id: string,
      description: string,
      metric: IMetric,
      threshold: number,
      comparison: ComparisonOperator,
      evaluationPeriods = 1,
    ): void => {
      const created = new Alarm(stack, id, {
        alarmDescription: description,
        metric,
        threshold,
        comparisonOperator: comparison,
        evaluationPeriods,
        datapointsToAlarm: evaluationPeriods,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
    };
    const atLeast = ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD;
    const { api, routes, functions, workers, table } = watched;

    alarm(
      'Api5xxRateAlarm',
      `HTTP API: ${thresholds.api5xxPercent}% or more of the answers in ${thresholds.periodMinutes} min were 5xx`,
      new MathExpression({
        expression: 'IF(requests > 0, 100 * errors / requests, 0)',
        usingMetrics: {
          errors: api.metricServerError({ statistic: 'Sum', period }),
          requests: api.metricCount({ statistic: 'Sum', period }),
        },
        label: '5xx rate (%)',
        period,
      }),
      thresholds.api5xxPercent,
      atLeast,
    );

    for (const route of routes) {
      const fn = functions.get(route.fn);
      if (!fn) continue;
      const id = functionId(route.fn);
      const name = isCatchAll(route) ? 'ANY $default' : `${route.method} ${route.path}`;
      alarm(
        `${id}ErrorsAlarm`,
        `${name}: ${thresholds.lambdaErrors}+ invocation errors in ${thresholds.periodMinutes} min`,
        fn.metricErrors({ statistic: 'Sum', period }),
        thresholds.lambdaErrors,
        atLeast,
      );
      alarm(
        `${id}ThrottlesAlarm`,
        `${name}: ${thresholds.lambdaThrottles}+ throttled invocations in ${thresholds.periodMinutes} min`,
        fn.metricThrottles({ statistic: 'Sum', period }),
        thresholds.lambdaThrottles,
        atLeast,
      );
      alarm(
        `${id}P99LatencyAlarm`,
        `${name}: p99 duration over ${thresholds.p99LatencyMs} ms for ${thresholds.latencyEvaluationPeriods} ` +
          `periods of ${thresholds.periodMinutes} min`,
        fn.metricDuration({ statistic: 'p99', period }),
        thresholds.p99LatencyMs,
        ComparisonOperator.GREATER_THAN_THRESHOLD,
        thresholds.latencyEvaluationPeriods,
      );
    }

    // The KYB retry worker: a failed run (VIES errors are not failures: the check stays PENDING) and throttling.
    // No latency alarm: a run takes as long as the pending checks' VIES answers, up to its timeout.
    const kybWorker = `${KYB_RETRY_WORKER_FN} (every ${KYB_RETRY_EVERY_MINUTES} min)`;
    alarm(
      `${functionId(KYB_RETRY_WORKER_FN)}ErrorsAlarm`,
      `${kybWorker}: ${thresholds.lambdaErrors}+ failed runs in ${thresholds.periodMinutes} min`,
      workers.kybRetryWorker.metricErrors({ statistic: 'Sum', period }),
      thresholds.lambdaErrors,
      atLeast,
    );
    alarm(
      `${functionId(KYB_RETRY_WORKER_FN)}ThrottlesAlarm`,
      `${kybWorker}: ${thresholds.lambdaThrottles}+ throttled runs in ${thresholds.periodMinutes} min`,
      workers.kybRetryWorker.metricThrottles({ statistic: 'Sum', period }),
      thresholds.lambdaThrottles,
      atLeast,
    );

    // The anchor worker: a notarization it gave up on (FAILED, its own metric), a stream record the mapping gave
    // up on (the dead-letter queue), and failed invocations. No throttle alarm: with reserved concurrency 1 the
    // mapping's invocations for the stream's other shards are throttled by design, and retried.
    alarm(
      `${functionId(ANCHOR_WORKER_FN)}FailedAlarm`,
      `${ANCHOR_WORKER_FN}: a notarization was not anchored after its last attempt (FAILED)`,
      new Metric({
        namespace: DEFAULT_METRICS_NAMESPACE,
        metricName: METRIC.notarizationsFailed,
        dimensionsMap: { service: SERVICE_NAME, route: ANCHOR_WORKER_FN },
        statistic: 'Sum',
        period,
      }),
      1,
      atLeast,
    );
    alarm(
      `${functionId(ANCHOR_WORKER_FN)}DeadLettersAlarm`,
      `${ANCHOR_WORKER_FN}: a stream record is in its dead-letter queue (the mapping gave it up)`,
      workers.anchorDeadLetterQueue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period }),
      1,
      atLeast,
    );
    alarm(
      `${functionId(IMPORT_WORKER_FN)}DeadLettersAlarm`,
      `${IMPORT_WORKER_FN}: an import's message is in its dead-letter queue (it failed ${IMPORT_MAX_RECEIVES} times)`,
      workers.importDeadLetterQueue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period }),
      1,
      atLeast,
    );
    // The anchoring account running out of gas money: notarizations would wait (PENDING) until it is funded.
    alarm(
      `${functionId(ANCHOR_WORKER_FN)}BalanceAlarm`,
      `${ANCHOR_WORKER_FN}: the anchoring account holds less than ${ANCHOR_BALANCE_ALARM_ETH} ETH; fund it`,
      new Metric({
        namespace: DEFAULT_METRICS_NAMESPACE,
        metricName: METRIC.anchorAccountBalance,
        dimensionsMap: { service: SERVICE_NAME, route: ANCHOR_WORKER_FN },
        statistic: 'Minimum',
        period,
      }),
      ANCHOR_BALANCE_ALARM_ETH,
      ComparisonOperator.LESS_THAN_THRESHOLD,
    );
    alarm(
      `${functionId(ANCHOR_WORKER_FN)}ErrorsAlarm`,
      `${ANCHOR_WORKER_FN}: ${thresholds.lambdaErrors}+ failed invocations in ${thresholds.periodMinutes} min`,
      workers.anchorWorker.metricErrors({ statistic: 'Sum', period }),
      thresholds.lambdaErrors,
      atLeast,
    );

    // The stream's oldest record the worker has not taken: it grows while notarizations wait (the worker
    // failing and retrying, throttled, or its mapping stalled), whatever the errors say.
    alarm(
      `${functionId(ANCHOR_WORKER_FN)}IteratorAgeAlarm`,
      `${ANCHOR_WORKER_FN}: the oldest table-stream record waited ${thresholds.streamIteratorAgeMs / 1000} s or more ` +
        'for the worker (new notarizations are not being anchored)',
      workers.anchorWorker.metric('IteratorAge', { statistic: 'Maximum', period }),
      thresholds.streamIteratorAgeMs,
      atLeast,
    );

    // The back-up copy falling behind (its recovery point moving back) or giving records up.
    if (watched.backup) {
      const { replicator, deadLetterQueue } = watched.backup;
      alarm(
        `${functionId(BACKUP_REPLICATOR_FN)}DeadLettersAlarm`,
        `${BACKUP_REPLICATOR_FN}: a changed item was given up (its keys are in the dead-letter queue; copy it again)`,
        deadLetterQueue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period }),
        1,
        atLeast,
      );
      alarm(
        `${functionId(BACKUP_REPLICATOR_FN)}IteratorAgeAlarm`,
        `${BACKUP_REPLICATOR_FN}: the back-up's copy of the table is ${thresholds.streamIteratorAgeMs / 1000} s or more ` +
          'behind (its recovery point)',
        replicator.metric('IteratorAge', { statistic: 'Maximum', period }),
        thresholds.streamIteratorAgeMs,
        atLeast,
      );
    }

    // Throttle events of the table and of each index (a throttled index write throttles the table write).
    const throttleEvents: Record<string, IMetric> = {};
    const dimensionSets = [
      { TableName: table.tableName },
      ...tableSchema.globalIndexes.map((index) => ({
        TableName: table.tableName,
        GlobalSecondaryIndexName: index.name,
      })),
    ];
    dimensionSets.forEach((dimensionsMap, index) => {
      for (const [kind, metricName] of [
        ['read', 'ReadThrottleEvents'],
        ['write', 'WriteThrottleEvents'],
      ] as const) {
        throttleEvents[`${kind}${index}`] = new Metric({
          namespace: 'AWS/DynamoDB',
          metricName,
          dimensionsMap,
          statistic: 'Sum',
          period,
        });
      }
    });
    alarm(
      'DynamoDbThrottlesAlarm',
      `DynamoDB: ${thresholds.dynamoDbThrottleEvents}+ read or write throttle events in ${thresholds.periodMinutes} min`,
      new MathExpression({
        expression: Object.keys(throttleEvents)
          .map((id) => `FILL(${id}, 0)`)
          .join(' + '),
        usingMetrics: throttleEvents,
        label: 'throttle events',
        period,
      }),
      thresholds.dynamoDbThrottleEvents,
      atLeast,
    );
  }
}

/** Context alarmTopicArn, or a topic of the stack's own that CloudWatch (of this account only) may publish to. */
function alarmTopic(stack: Stack, alarmTopicArn: string | undefined): ITopic {
  if (alarmTopicArn !== undefined) return Topic.fromTopicArn(stack, 'AlarmTopic', alarmTopicArn);
  const created = new Topic(stack, 'AlarmTopic', { displayName: `${stack.stackName} alarms`, enforceSSL: true });
  // A topic policy replaces the default one, so CloudWatch (of this account only) is allowed explicitly.
  created.addToResourcePolicy(
    new PolicyStatement({
      principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['sns:Publish'],
      resources: [created.topicArn],
      conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
    }),
  );
  return created;
}
