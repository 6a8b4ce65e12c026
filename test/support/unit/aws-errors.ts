import {
  ConditionalCheckFailedException,
  DynamoDBServiceException,
  InternalServerError,
  ProvisionedThroughputExceededException,
  ThrottlingException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { S3ServiceException } from '@aws-sdk/client-s3';

/**
 * Errors as the AWS SDK v3 throws them (real exception classes with `$metadata`), with
 * messages that name resources, so tests can check none of it reaches a response body.
 */
export const SDK_SECRET_TEXT = 'unit-table';

const meta = (httpStatusCode: number) => ({ httpStatusCode, requestId: 'REQ-UNIT', attempts: 3, totalRetryDelay: 0 });

export const dynamoErrors = {
  provisionedThroughputExceeded: () =>
    new ProvisionedThroughputExceededException({
      message: `The level of configured provisioned throughput for the table ${SDK_SECRET_TEXT} was exceeded`,
      $metadata: meta(400),
    }),
  throttling: () =>
    new ThrottlingException({ message: `Rate exceeded for table ${SDK_SECRET_TEXT}`, $metadata: meta(400) }),
  internalServerError: () =>
    new InternalServerError({ message: `Internal server error on ${SDK_SECRET_TEXT}`, $metadata: meta(500) }),
  validation: () =>
    new DynamoDBServiceException({
      name: 'ValidationException',
      $fault: 'client',
      message: `One or more parameter values were invalid: table ${SDK_SECRET_TEXT}`,
      $metadata: meta(400),
    }),
  conditionalCheckFailed: () =>
    new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: meta(400) }),
  transactionCanceled: (...codes: string[]) =>
    new TransactionCanceledException({
      message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
      $metadata: meta(400),
      CancellationReasons: codes.map((Code) => ({ Code })),
    }),
};

export const s3Errors = {
  slowDown: () =>
    new S3ServiceException({
      name: 'SlowDown',
      $fault: 'server',
      message: 'Please reduce your request rate. Bucket unit-bucket',
      $metadata: meta(503),
    }),
  connectionReset: () =>
    Object.assign(new Error('socket hang up (unit-bucket.s3.eu-central-1.amazonaws.com)'), { code: 'ECONNRESET' }),
};
