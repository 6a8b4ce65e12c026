/**
 * The back-up provider's read-only deployment (context role=backup; EN 18221; docs/deploy.md,
 * The back-up copy): the same functions as the primary's, for the read routes only
 * (lib/api/backup-routes.ts), on the back-up's own table and Object Lock bucket, which the
 * primary's account writes (S3 replication, the replicator: infra/constructs/backup.ts). No
 * worker runs here: nothing is anchored, retried or imported on a copy. Its address is the
 * primary's context backupBaseUrl (a registry record's `backupURL`).
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { backupRoutes } from '../lib/api/backup-routes';
import type { Route } from '../lib/api/contract';
import { FUNCTIONS_DIR } from './bundles';
import type { StackConfig } from './config';
import { assertRouteTableIsDeployable, ServiceApi } from './constructs/api';
import { DataStores } from './constructs/data';
import { CustomDomain } from './constructs/domain';
import { assertHandlersExist, ServiceFunctions } from './constructs/functions';

export interface DppBackupStackProps extends StackProps {
  /** The validated context (infra/config.ts), role `backup`. */
  config: StackConfig;
}

export class DppBackupStack extends Stack {
  readonly table: Table;
  readonly bucket: Bucket;
  readonly api: HttpApi;
  readonly routes: readonly Route[];
  readonly functions: ReadonlyMap<string, NodejsFunction>;
  readonly publicBaseUrl: string;

  constructor(scope: Construct, id: string, props: DppBackupStackProps) {
    super(scope, id, props);
    const { config } = props;
    if (config.role !== 'backup' || config.backup === undefined) {
      throw new Error('DppBackupStack: context role=backup with the back-up resources (infra/config.ts)');
    }
    this.routes = backupRoutes;
    assertRouteTableIsDeployable(this.routes);
    assertHandlersExist(FUNCTIONS_DIR, this.routes);

    const data = new DataStores(this, config);
    this.table = data.table;
    this.bucket = data.bucket;
    const api = new ServiceApi(this, config, this.routes);
    this.api = api.api;
    if (config.customDomain !== undefined) new CustomDomain(this, config.customDomain, api.api, api.stage);
    // Links it writes (a file's address on the page) are its own: the primary may be gone.
    this.publicBaseUrl = config.publicBaseUrl ?? config.backupBaseUrl ?? this.api.apiEndpoint;
    const functions = new ServiceFunctions(this, { config, data, publicBaseUrl: this.publicBaseUrl });
    this.functions = api.addRoutes(functions);

    new CfnOutput(this, 'ApiUrl', { value: api.stage.url, description: 'Base URL of the back-up copy (read-only)' });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'BucketName', { value: this.bucket.bucketName });
  }
}
