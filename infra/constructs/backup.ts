/**
 * The back-up copy (EN 18221; ESPR Art. 10–11; docs/deploy.md, The back-up copy), the primary's
 * side: with context backupAccount, backupRegion, backupTableName and backupBucketName, the
 * data bucket replicates every object to the back-up provider's Object Lock bucket (S3
 * replication, cross-account, the replicas owned by the back-up), and the replicator
 * (functions/replicate-to-backup.ts) copies every changed item of the table, fed by its stream,
 * to the back-up's table. The back-up's own side is infra/backup-stack.ts (context role=backup).
 * Added in the stack's own scope (see data.ts for why).
 */
import { Duration, type Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { CfnBucket } from 'aws-cdk-lib/aws-s3';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import {
  BACKUP_BATCH_SIZE,
  BACKUP_PARALLELIZATION,
  BACKUP_REPLICATOR_ACCESS,
  BACKUP_REPLICATOR_FN,
  BACKUP_REPLICATOR_TIMEOUT_SECONDS,
  BACKUP_RETRY_ATTEMPTS,
} from '../../lib/backup/worker';
import type { BackupConfig } from '../config';
import type { DataStores } from './data';
import type { ServiceFunctions } from './functions';
import { acknowledge, NAG_ACKNOWLEDGEMENTS } from './nag';
import { tableStream } from './table-stream';

export interface BackupReplication {
  /** The replicator (functions/replicate-to-backup.ts), on the table's stream. */
  readonly replicator: NodejsFunction;
  /** Where its event source mapping sends the stream records it gave up on (alarmed). */
  readonly deadLetterQueue: Queue;
  /** The role S3 replication assumes to copy the data bucket's objects to the back-up's bucket. */
  readonly replicationRole: Role;
}

/** The back-up's bucket ARN. */
export const backupBucketArn = (backup: BackupConfig): string => `arn:aws:s3:::${backup.bucketName}`;

export function addBackupReplication(
  stack: Stack,
  backup: BackupConfig,
  data: DataStores,
  functions: ServiceFunctions,
): BackupReplication {
  // The items: every change of the table, copied by the replicator.
  const deadLetterQueue = new Queue(stack, 'BackupDeadLetterQueue', {
    enforceSSL: true,
    encryption: QueueEncryption.SQS_MANAGED,
    retentionPeriod: Duration.days(14),
  });
  acknowledge(deadLetterQueue, NAG_ACKNOWLEDGEMENTS.backupDeadLetterQueue);
  acknowledge(deadLetterQueue, NAG_ACKNOWLEDGEMENTS.backupDeadLetterQueueRedrive);
  const replicator = functions.add({
    fn: BACKUP_REPLICATOR_FN,
    access: BACKUP_REPLICATOR_ACCESS,
    auth: 'public',
    description: `Copies every changed item of the table to the back-up's table (${backup.account}, ${backup.region})`,
    timeoutSeconds: BACKUP_REPLICATOR_TIMEOUT_SECONDS,
  });
  replicator.addEventSource(
    tableStream(data.table, deadLetterQueue, {
      batchSize: BACKUP_BATCH_SIZE,
      maxBatchingWindow: Duration.seconds(0),
      parallelizationFactor: BACKUP_PARALLELIZATION,
      retryAttempts: BACKUP_RETRY_ATTEMPTS,
    }),
  );
  acknowledge(replicator, NAG_ACKNOWLEDGEMENTS.backupReplicatorDeadLetterQueue);
  if (replicator.role) acknowledge(replicator.role, NAG_ACKNOWLEDGEMENTS.backupReplicatorStarResource);

  // The objects: S3 replication of every object (each version, with its metadata), delete markers
  // not replicated, the replicas owned by the back-up's account; its bucket's Object Lock keeps them.
  const replicationRole = new Role(stack, 'BackupReplicationRole', {
    assumedBy: new ServicePrincipal('s3.amazonaws.com', {
      conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
    }),
    description: `S3 replication of the data bucket to the back-up's bucket ${backup.bucketName}`,
  });
  const destination = backupBucketArn(backup);
  replicationRole.addToPolicy(
    new PolicyStatement({
      actions: ['s3:GetReplicationConfiguration', 's3:ListBucket'],
      resources: [data.bucket.bucketArn],
    }),
  );
  replicationRole.addToPolicy(
    new PolicyStatement({
      actions: [
        's3:GetObjectVersionForReplication',
        's3:GetObjectVersionAcl',
        's3:GetObjectVersionTagging',
        's3:GetObjectRetention',
        's3:GetObjectLegalHold',
      ],
      resources: [data.bucket.arnForObjects('*')],
    }),
  );
  replicationRole.addToPolicy(
    new PolicyStatement({
      actions: ['s3:ReplicateObject', 's3:ReplicateTags', 's3:ObjectOwnerOverrideToBucketOwner'],
      resources: [`${destination}/*`],
    }),
  );
  const bucketArn = `<${stack.getLogicalId(data.bucket.node.defaultChild as CfnBucket)}.Arn>`;
  acknowledge(
    replicationRole,
    NAG_ACKNOWLEDGEMENTS.backupReplicationObjects,
    NAG_ACKNOWLEDGEMENTS.backupReplicationObjects.rule.replace('<Bucket.Arn>', bucketArn),
  );
  acknowledge(
    replicationRole,
    NAG_ACKNOWLEDGEMENTS.backupReplicationDestination,
    NAG_ACKNOWLEDGEMENTS.backupReplicationDestination.rule.replace('<backupBucketName>', backup.bucketName),
  );
  const bucket = data.bucket.node.defaultChild as CfnBucket;
  bucket.replicationConfiguration = {
    role: replicationRole.roleArn,
    rules: [
      {
        id: 'backup-copy',
        status: 'Enabled',
        priority: 1,
        filter: { prefix: '' },
        // A delete on the primary never reaches the copy (EN 18221: nothing archived is lost).
        deleteMarkerReplication: { status: 'Disabled' },
        destination: {
          bucket: destination,
          account: backup.account,
          accessControlTranslation: { owner: 'Destination' },
          // Replication Time Control: 99.99% of objects within 15 minutes, with its metrics (docs/deploy.md).
          replicationTime: { status: 'Enabled', time: { minutes: 15 } },
          metrics: { status: 'Enabled', eventThreshold: { minutes: 15 } },
        },
      },
    ],
  };
  return { replicator, deadLetterQueue, replicationRole };
}
