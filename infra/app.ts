/**
 * CDK app entry (`cdk.json`: `npx tsx infra/app.ts`).
 *
 * Environment-agnostic unless context `account` and/or `region` is given, so
 * `cdk synth` needs no AWS credentials. Every context value is read in
 * infra/config.ts (readStackConfig), which stops the synth of a deployment that lacks
 * the JWT public key(s) or keeps the localhost CORS origin (unless `-c sandbox=true`).
 * cdk-nag (AwsSolutions, Serverless) checks every synth; a finding that is not
 * acknowledged in infra/constructs/nag.ts (NAG_ACKNOWLEDGEMENTS) fails it.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { DppBackupStack } from './backup-stack';
import { readStackConfig, type StackConfig, StackConfigError } from './config';
import { DppServiceStack } from './stack';

const app = new App();

/** The context, or the message of what is wrong with it (no stack trace: the message names the key and the fix). */
function configOrExit(): StackConfig {
  try {
    return readStackConfig(app);
  } catch (error) {
    if (!(error instanceof StackConfigError)) throw error;
    console.error(`${error.name}: ${error.message}`);
    process.exit(1);
  }
}
const config = configOrExit();

const env =
  config.account !== undefined || config.region !== undefined
    ? { env: { account: config.account, region: config.region } }
    : {};
// Context role=backup: the back-up provider's read-only copy (docs/deploy.md, The back-up copy).
if (config.role === 'backup') {
  new DppBackupStack(app, config.stackName, {
    config,
    description: 'Digital Product Passport service: the back-up copy (read-only; EN 18221)',
    ...env,
  });
} else {
  new DppServiceStack(app, config.stackName, {
    config,
    description: 'Digital Product Passport service (HTTP API, Lambda, DynamoDB, S3, SES)',
    ...env,
  });
}
Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));

app.synth();
