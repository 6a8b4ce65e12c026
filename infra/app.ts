/**
 * CDK app entry (`cdk.json`: `npx tsx infra/app.ts`).
 *
 * Environment-agnostic unless context `account` and/or `region` is given, so
 * `cdk synth` needs no AWS credentials. Every context value is read in
 * infra/config.ts (readStackConfig).
 */
import { App } from 'aws-cdk-lib';
import { readStackConfig } from './config';
import { DppServiceStack } from './stack';

const app = new App();
const config = readStackConfig(app);

new DppServiceStack(app, config.stackName, {
  config,
  description: 'Digital Product Passport service (HTTP API, Lambda, DynamoDB, S3, SES)',
  ...(config.account !== undefined || config.region !== undefined
    ? { env: { account: config.account, region: config.region } }
    : {}),
});

app.synth();
