/**
 * The back-up copy's two sides in the CDK app (docs/deploy.md, The back-up copy), each
 * synthesized once, unbundled, with cdk-nag's two packs as `cdk synth` runs them: the primary
 * with the back-up context (the replicator on the stream, S3 replication into the back-up's
 * Object Lock bucket) and the back-up provider's deployment (context role=backup: the read routes
 * only, on its own table and bucket). The stack without the back-up context is test/infra/nag.test.ts's
 * and test/infra/stack.test.ts's.
 */
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { DppBackupStack } from '../../infra/backup-stack';
import { readStackConfig, StackConfigError } from '../../infra/config';
import { BACKUP_ONLY, DppServiceStack, NAG_ACKNOWLEDGEMENTS } from '../../infra/stack';
import { BACKUP_ROUTE_FNS } from '../../lib/api/backup-routes';
import { routes } from '../../lib/api/routes';
import { BACKUP_BATCH_SIZE } from '../../lib/backup/worker';
import {
  appWith,
  cloudFormationViolations,
  type Finding,
  findingsIgnoringAcknowledgements,
  publicKeyPem,
  synthWithNag,
} from '../support/nag';

const BACKUP_CONTEXT = {
  backupAccount: '210987654321',
  backupRegion: 'eu-west-1',
  backupTableName: 'dpp-backup-of-acme',
  backupBucketName: 'dpp-backup-of-acme-files',
};
const DEPLOYMENT = {
  jwtPublicKeys: [publicKeyPem()],
  corsAllowOrigins: ['https://app.example.com'],
  evmRpcUrl: 'https://mainnet.example-provider.io/v3/project',
  evmChainId: '1',
  evmExplorerUrl: 'https://etherscan.io',
  account: '123456789012',
  region: 'eu-central-1',
  stripePriceId: 'price_test',
};

/** A finding on one line: its pack, rule and constructs. */
const shown = (finding: Finding) => `${finding.pack} ${finding.rule} ${finding.constructPaths}`;

let primary: { template: Template; findings: string[]; before: Record<string, number> };
let copy: {
  validation: string[];
  template: Template;
  findings: string[];
  stack: DppBackupStack;
  before: Record<string, number>;
};

beforeAll(() => {
  const primaryApp = appWith({ ...DEPLOYMENT, ...BACKUP_CONTEXT, backupBaseUrl: 'https://backup.example.eu' });
  const primaryStack = new DppServiceStack(primaryApp, 'DppWithBackup', { config: readStackConfig(primaryApp) });
  const primaryFindings = synthWithNag(primaryApp).map(shown);
  primary = {
    template: Template.fromStack(primaryStack),
    findings: primaryFindings,
    before: findingsIgnoringAcknowledgements(primaryApp),
  };

  const copyApp = appWith(
    {
      ...DEPLOYMENT,
      ...BACKUP_CONTEXT,
      account: BACKUP_CONTEXT.backupAccount,
      region: BACKUP_CONTEXT.backupRegion,
      role: 'backup',
      primaryAccount: DEPLOYMENT.account,
      backupBaseUrl: 'https://backup.example.eu',
    },
    // The one synth of the back-up copy's stack: aws-cdk-lib's own CloudFormation validation runs on it too.
    { cloudFormationValidation: true },
  );
  const copyStack = new DppBackupStack(copyApp, 'DppBackup', { config: readStackConfig(copyApp) });
  const copyFindings = synthWithNag(copyApp).map(shown);
  copy = {
    validation: cloudFormationViolations(copyApp.synth().directory),
    template: Template.fromStack(copyStack),
    findings: copyFindings,
    stack: copyStack,
    before: findingsIgnoringAcknowledgements(copyApp),
  };
}, 120_000);

describe('the primary with a back-up (context backupAccount, backupRegion, backupTableName, backupBucketName)', () => {
  it('passes cdk-nag with nothing unacknowledged', () => {
    expect(primary.findings).toEqual([]);
  });

  it('runs the replicator on the table’s stream, in batches, with a dead-letter queue', () => {
    primary.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: Match.stringLikeRegexp('^ReplicateToBackup') },
      BatchSize: BACKUP_BATCH_SIZE,
      StartingPosition: 'TRIM_HORIZON',
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
    });
  });

  it('lets the replicator put and delete items of the back-up’s table only, and read its own', () => {
    const roles = primary.template.findResources('AWS::IAM::Role', {
      Properties: { Description: Match.stringLikeRegexp('back-up') },
    });
    const statements = Object.values(roles).flatMap(
      (role) =>
        (
          role as { Properties: { Policies?: { PolicyDocument: { Statement: unknown[] } }[] } }
        ).Properties.Policies?.flatMap((policy) => policy.PolicyDocument.Statement) ?? [],
    );
    expect(statements).toContainEqual(
      expect.objectContaining({
        Action: ['dynamodb:DeleteItem', 'dynamodb:PutItem'],
        Resource: 'arn:aws:dynamodb:eu-west-1:210987654321:table/dpp-backup-of-acme',
      }),
    );
    const replicator = primary.template.findResources('AWS::Lambda::Function', {
      Properties: { Environment: { Variables: { BACKUP_TABLE_NAME: Match.anyValue() } } },
    });
    expect(
      Object.values(replicator).map((fn) => (fn as { Properties: { Environment: unknown } }).Properties.Environment),
    ).toEqual([
      {
        Variables: expect.objectContaining({
          BACKUP_TABLE_NAME: 'arn:aws:dynamodb:eu-west-1:210987654321:table/dpp-backup-of-acme',
          BACKUP_REGION: 'eu-west-1',
        }),
      },
    ]);
  });

  it('replicates every object to the back-up’s bucket, owned by the back-up, deletes not replicated', () => {
    primary.template.hasResourceProperties('AWS::S3::Bucket', {
      ReplicationConfiguration: {
        Rules: [
          Match.objectLike({
            Status: 'Enabled',
            DeleteMarkerReplication: { Status: 'Disabled' },
            Destination: Match.objectLike({
              Bucket: 'arn:aws:s3:::dpp-backup-of-acme-files',
              Account: '210987654321',
              AccessControlTranslation: { Owner: 'Destination' },
            }),
          }),
        ],
      },
    });
  });
});

describe('the back-up provider’s deployment (context role=backup)', () => {
  it('passes cdk-nag with nothing unacknowledged', () => {
    expect(copy.findings).toEqual([]);
  });

  it("passes aws-cdk-lib's own CloudFormation validation with nothing to report", () => {
    expect(copy.validation).toEqual([]);
  });

  it('has the read routes only: each of lib/api/backup-routes.ts, and no route that writes', () => {
    expect(copy.stack.routes.map((route) => route.fn).sort()).toEqual([...BACKUP_ROUTE_FNS].sort());
    expect(copy.stack.routes.filter((route) => route.method !== 'GET' && route.method !== 'ANY')).toEqual([]);
    const keys = Object.values(
      Template.fromStack(copy.stack.node.findAll().find((c) => c.node.id === 'Routes') as never).findResources(
        'AWS::ApiGatewayV2::Route',
      ),
    ).map((route) => (route as { Properties: { RouteKey: string } }).Properties.RouteKey);
    expect(keys.filter((key) => /^(POST|PUT|PATCH|DELETE) /.test(key))).toEqual([]);
    expect(keys).toContain('GET /dpp/{dppId}/versions/{version}');
    expect(routes.length).toBeGreaterThan(copy.stack.routes.length);
  });

  it('keeps every replica under Object Lock, compliance mode, 10 years by default', () => {
    copy.template.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: 'dpp-backup-of-acme-files',
      ObjectLockEnabled: true,
      ObjectLockConfiguration: {
        ObjectLockEnabled: 'Enabled',
        Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Days: 3650 } },
      },
      VersioningConfiguration: { Status: 'Enabled' },
    });
  });

  it('lets the primary’s account only put and delete items of its table, and replicate into its bucket', () => {
    copy.template.hasResourceProperties('AWS::DynamoDB::Table', {
      TableName: 'dpp-backup-of-acme',
      ResourcePolicy: {
        PolicyDocument: {
          Statement: [
            Match.objectLike({
              Action: ['dynamodb:DeleteItem', 'dynamodb:PutItem'],
              Principal: { AWS: Match.anyValue() },
            }),
          ],
        },
      },
    });
    // No stream, no worker: nothing is anchored, retried or imported on a copy.
    expect(copy.template.findResources('AWS::Lambda::EventSourceMapping')).toEqual({});
    copy.template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: ['s3:ObjectOwnerOverrideToBucketOwner', 's3:ReplicateObject', 's3:ReplicateTags'],
          }),
        ]),
      },
    });
  });

  it('tells its functions they serve the back-up (DEPLOYMENT_ROLE), and writes links to its own address', () => {
    const fn = copy.template.findResources('AWS::Lambda::Function', {
      Properties: { Environment: { Variables: { PUBLIC_BASE_URL: Match.anyValue(), TABLE_NAME: Match.anyValue() } } },
    });
    const variables = Object.values(fn).map(
      (resource) =>
        (resource as { Properties: { Environment: { Variables: Record<string, unknown> } } }).Properties.Environment
          .Variables,
    );
    expect(variables.length).toBeGreaterThan(0);
    for (const settings of variables) {
      expect(settings).toMatchObject({ DEPLOYMENT_ROLE: 'backup', PUBLIC_BASE_URL: 'https://backup.example.eu' });
    }
  });

  it('acknowledges only findings its variants really report (the back-up’s acknowledgements; nag.test.ts checks the rest)', () => {
    const reported = [...Object.keys(primary.before), ...Object.keys(copy.before)];
    const backupAcknowledgements = Object.values(NAG_ACKNOWLEDGEMENTS).filter((ack) => BACKUP_ONLY.test(ack.on));
    expect(backupAcknowledgements.length).toBeGreaterThan(0);
    for (const { rule } of backupAcknowledgements) {
      const pattern = new RegExp(
        `^${rule
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .replace('<Bucket\\.Arn>', '<Bucket[0-9A-F]{8}\\.Arn>')
          .replace('<backupBucketName>', BACKUP_CONTEXT.backupBucketName)}$`,
      );
      expect({ rule, reported: reported.some((name) => pattern.test(name)) }).toEqual({ rule, reported: true });
    }
  });
});

describe('the back-up context', () => {
  it.each([
    [{ backupAccount: '210987654321' }, /backupRegion.*backupTableName.*backupBucketName|needs all/],
    [{ ...BACKUP_CONTEXT, backupAccount: '123456789012', account: '123456789012' }, /must not be the primary/],
    [{ ...BACKUP_CONTEXT, backupRegion: 'eu-central-1', region: 'eu-central-1' }, /another region/],
    [{ ...BACKUP_CONTEXT, backupRetentionYears: '0' }, /backupRetentionYears/],
    [{ role: 'backup' }, /primaryAccount/],
    [{ role: 'mirror' }, /"role"/],
  ])('refuses %j', (context, message) => {
    expect(() => readStackConfig(appWith({ sandbox: 'true', ...context }))).toThrow(StackConfigError);
    expect(() => readStackConfig(appWith({ sandbox: 'true', ...context }))).toThrow(message);
  });

  it('takes a retention in years', () => {
    expect(readStackConfig(appWith({ sandbox: 'true', ...BACKUP_CONTEXT, backupRetentionYears: '25' })).backup).toEqual(
      {
        account: '210987654321',
        region: 'eu-west-1',
        tableName: 'dpp-backup-of-acme',
        bucketName: 'dpp-backup-of-acme-files',
        retentionYears: 25,
      },
    );
  });
});
