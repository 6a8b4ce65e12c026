import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, type DynamoEventSourceProps, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';

/**
 * The table's stream as a function's event source, as every stream consumer here reads it (the
 * anchor worker, the back-up's replicator): from the oldest record kept, each failed record
 * reported alone (a batch split until it is found), and what still fails after the retries sent
 * to the consumer's dead-letter queue.
 */
export const tableStream = (
  table: ITable,
  deadLetterQueue: IQueue,
  options: Pick<
    DynamoEventSourceProps,
    'batchSize' | 'filters' | 'retryAttempts' | 'maxBatchingWindow' | 'parallelizationFactor'
  >,
) =>
  new DynamoEventSource(table, {
    startingPosition: StartingPosition.TRIM_HORIZON,
    bisectBatchOnError: true,
    reportBatchItemFailures: true,
    onFailure: new SqsDlq(deadLetterQueue),
    ...options,
  });
