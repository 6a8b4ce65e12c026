/**
 * The CDK stack, synthesized once from the real route table and the real handlers in
 * functions/ (bundled with esbuild, no Docker, no AWS account).
 */
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, type CfnResource } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { buildSync } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { ESM_REQUIRE_BANNER } from '../../infra/bundling';
import { CONTEXT_DEFAULTS, readStackConfig, StackConfigError } from '../../infra/config';
import { DppServiceStack, REPO_ROOT } from '../../infra/stack';
import type { Route } from '../../lib/api/contract';
import { functionId, routeKeyOf, routes as routeTable } from '../../lib/api/routes';

type Json = Record<string, any>; // CloudFormation JSON as the assertions library returns it
interface Statement {
  Effect: 'Allow' | 'Deny';
  Action: string | string[];
  Resource: unknown;
  Principal?: unknown;
  Condition?: unknown;
}

const routes: readonly Route[] = routeTable;
const SYNTH_TIMEOUT_MS = 240_000;

/** Only the feature flags of cdk.json: the service settings must come from the code's defaults here. */
function featureFlagsFromCdkJson(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return Object.fromEntries(Object.entries(cdkJson.context ?? {}).filter(([key]) => key.startsWith('@aws-cdk')));
}

let stack: DppServiceStack;
let template: Template;
let assemblyDir: string;
let warningsOf: (artifactId: string) => string[];
let resources: Record<string, Json>;
let ids: { table: string; bucket: string; secret: string; cursorKey: string; emailIdentity: string };

beforeAll(() => {
  const started = performance.now();
  // Asset metadata (aws:asset:path) is what the CLI turns on; the bundles are checked through it.
  const app = new App({ context: { ...featureFlagsFromCdkJson(), 'aws:cdk:enable-asset-metadata': true } });
  stack = new DppServiceStack(app, 'DppServiceTest', { config: readStackConfig(app) });
  const assembly = app.synth();
  assemblyDir = assembly.directory;
  warningsOf = (artifactId) =>
    assembly
      .getStackArtifact(artifactId)
      .messages.filter((message) => message.level === 'warning')
      .map((message) => String(message.entry.data));
  template = Template.fromJSON(assembly.getStackArtifact(stack.artifactId).template as Json);
  console.info(
    `synth of ${routes.length} functions (esbuild bundling included): ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  resources = template.toJSON().Resources as Record<string, Json>;
  ids = {
    table: logicalId(stack.table.node.defaultChild),
    bucket: logicalId(stack.bucket.node.defaultChild),
    secret: logicalId(stack.signingKeySecret.node.defaultChild),
    cursorKey: logicalId(stack.cursorKeySecret.node.defaultChild),
    emailIdentity: logicalId(stack.emailIdentity.node.defaultChild),
  };
}, SYNTH_TIMEOUT_MS);

/** The import specifiers of an ES module (static and dynamic), as esbuild parses them. */
function moduleImports(file: string): string[] {
  const result = buildSync({
    entryPoints: [file],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  return Object.values(result.metafile.inputs).flatMap((input) => input.imports.map((imported) => imported.path));
}

function logicalId(child: unknown): string {
  return stack.getLogicalId(child as CfnResource);
}

function fnLogicalId(route: Route): string {
  const fn = stack.functions.get(route.fn);
  if (!fn) throw new Error(`no function for ${route.fn}`);
  return logicalId(fn.node.defaultChild);
}

function fnProps(route: Route): Json {
  return resources[fnLogicalId(route)]!.Properties as Json;
}

function references(value: unknown, id: string): boolean {
  return JSON.stringify(value).includes(`"${id}"`);
}

function actionsOf(statement: Statement): string[] {
  return Array.isArray(statement.Action) ? statement.Action : [statement.Action];
}

function ofType(type: string): [string, Json][] {
  return Object.entries(resources).filter(([, resource]) => resource.Type === type);
}

/** Every Allow/Deny statement of every identity policy attached to the function's role. */
function roleStatements(route: Route): Statement[] {
  const roleId = (fnProps(route).Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const role = resources[roleId]!.Properties as Json;
  const inline = ((role.Policies ?? []) as Json[]).flatMap((policy) => policy.PolicyDocument.Statement as Statement[]);
  const attached = ofType('AWS::IAM::Policy')
    .filter(([, policy]) => references(policy.Properties.Roles, roleId))
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Statement[]);
  return [...inline, ...attached];
}

/** What a statement's resource is, in the stack's own terms. */
function resourceKind(resource: unknown): string {
  const text = JSON.stringify(resource);
  if (resource === '*') return 'any';
  if (references(resource, ids.table)) return text.includes('/index/*') ? 'table-indexes' : 'table';
  if (references(resource, ids.bucket))
    return text.includes('/companies/*') ? 'bucket-companies-objects' : 'bucket-other';
  if (references(resource, ids.secret)) return 'signing-key-secret';
  if (references(resource, ids.cursorKey)) return 'cursor-key-secret';
  if (text.includes(`identity/${CONTEXT_DEFAULTS.sesFromAddress}`) || references(resource, ids.emailIdentity)) {
    return 'email-identity';
  }
  if (/Logs[0-9A-F]{8}"/.test(text)) return 'own-log-group';
  return `unknown:${text}`;
}

/** resource kind -> sorted actions the role is allowed there. */
function grants(route: Route): Record<string, string[]> {
  const byKind: Record<string, Set<string>> = {};
  for (const statement of roleStatements(route)) {
    if (statement.Effect !== 'Allow') continue;
    const list = Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource];
    for (const resource of list) {
      const kind = resourceKind(resource);
      byKind[kind] ??= new Set();
      for (const action of actionsOf(statement)) byKind[kind].add(action);
    }
  }
  return Object.fromEntries(Object.entries(byKind).map(([kind, actions]) => [kind, [...actions].sort()]));
}

/** The grants a row implies (infra/routes.ts Access), in the same shape as grants(). */
function expectedGrants(route: Route): Record<string, string[]> {
  const { access } = route;
  const expected: Record<string, string[]> = { 'own-log-group': ['logs:CreateLogStream', 'logs:PutLogEvents'] };
  if (access.table) {
    const read = ['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:GetItem', 'dynamodb:Query'];
    const write = ['dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'];
    expected.table = (access.table === 'write' ? [...read, ...write] : read).sort();
    expected['table-indexes'] = ['dynamodb:Query'];
  }
  if (access.bucket?.length) {
    const s3 = { get: 's3:GetObject', put: 's3:PutObject', delete: 's3:DeleteObject' } as const;
    expected['bucket-companies-objects'] = [...new Set(access.bucket.map((action) => s3[action]))].sort();
  }
  if (access.email) expected['email-identity'] = ['ses:SendEmail', 'ses:SendRawEmail'];
  if (access.translate) expected.any = ['translate:TranslateText'];
  if (access.signingKey) expected['signing-key-secret'] = ['secretsmanager:GetSecretValue'];
  if (access.cursorKey) expected['cursor-key-secret'] = ['secretsmanager:GetSecretValue'];
  return expected;
}

/** Every policy statement in the template: identity policies, inline role policies, resource policies. */
function allStatements(): { owner: string; statement: Statement }[] {
  const found: { owner: string; statement: Statement }[] = [];
  for (const [id, resource] of Object.entries(resources)) {
    const props = (resource.Properties ?? {}) as Json;
    const documents: Json[] = [
      ...(props.PolicyDocument ? [props.PolicyDocument] : []),
      ...((props.Policies ?? []) as Json[]).map((policy) => policy.PolicyDocument as Json),
    ];
    for (const document of documents) {
      for (const statement of document.Statement as Statement[]) found.push({ owner: id, statement });
    }
  }
  return found;
}

describe('functions', () => {
  it('creates exactly one Lambda function per route row and no helper functions or custom resources', () => {
    template.resourceCountIs('AWS::Lambda::Function', routes.length);
    for (const route of routes) {
      expect(fnLogicalId(route).startsWith(functionId(route.fn))).toBe(true);
      expect(fnProps(route).Handler).toBe('index.handler');
    }
    const customResources = Object.values(resources).filter(
      (resource) =>
        resource.Type === 'AWS::CloudFormation::CustomResource' || String(resource.Type).startsWith('Custom::'),
    );
    expect(customResources).toEqual([]);
  });

  it('gives every function its own log group with the default 30-day retention', () => {
    template.resourceCountIs('AWS::Logs::LogGroup', routes.length);
    const logGroupIds = new Set<string>();
    for (const route of routes) {
      const logGroupId = (fnProps(route).LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      expect(resources[logGroupId]).toMatchObject({ Type: 'AWS::Logs::LogGroup', Properties: { RetentionInDays: 30 } });
      logGroupIds.add(logGroupId);
    }
    expect(logGroupIds.size).toBe(routes.length);
  });

  it('bundles each handler as one minified ESM file with the require banner and the AWS SDK inside, no source map', () => {
    for (const route of routes) {
      const assetPath = resources[fnLogicalId(route)]!.Metadata['aws:asset:path'] as string;
      const dir = join(assemblyDir, assetPath);
      expect({ fn: route.fn, files: readdirSync(dir).sort() }).toEqual({ fn: route.fn, files: ['index.mjs'] });
      const code = readFileSync(join(dir, 'index.mjs'), 'utf8');
      expect(code.startsWith(ESM_REQUIRE_BANNER)).toBe(true);
      expect(code).not.toMatch(/sourceMappingURL/);
      // Everything but Node's built-ins is inside the bundle: no @aws-sdk/* from the
      // runtime's unpinned copy, no other package either.
      const nonBuiltinImports = moduleImports(join(dir, 'index.mjs')).filter((specifier) => !isBuiltin(specifier));
      expect({ fn: route.fn, nonBuiltinImports }).toEqual({ fn: route.fn, nonBuiltinImports: [] });
    }
  });

  it('loads every bundle cold with exactly the environment the stack gives its function', () => {
    // A function must not need a setting its row does not grant (e.g. BUCKET_NAME in a
    // function without bucket access): lib/config.ts fails such a cold start. Run the real
    // bundles, with the template's variables (Refs as dummy names, a real public key).
    const publicKey = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    for (const route of routes) {
      const variables = fnProps(route).Environment.Variables as Record<string, unknown>;
      const env: Record<string, string> = { PATH: process.env.PATH ?? '', AWS_REGION: 'eu-central-1' };
      for (const [name, value] of Object.entries(variables))
        env[name] = typeof value === 'string' ? value : `dummy-${name}`;
      env.JWT_PUBLIC_KEY = publicKey;
      const bundle = join(
        assemblyDir,
        resources[fnLogicalId(route)]!.Metadata['aws:asset:path'] as string,
        'index.mjs',
      );
      const run = spawnSync(
        process.execPath,
        ['--input-type=module', '-e', `await import(${JSON.stringify(pathToFileURL(bundle).href)})`],
        {
          env,
          encoding: 'utf8',
        },
      );
      // On failure, show the error lines only (the rest is minified source).
      const error =
        run.status === 0
          ? ''
          : run.stderr
              .split('\n')
              .filter((line) => /Error\b/.test(line))
              .map((line) => line.slice(0, 300))
              .join('\n');
      expect({ fn: route.fn, status: run.status, error }).toEqual({ fn: route.fn, status: 0, error: '' });
    }
  });

  it('sets exactly the environment each route row implies', () => {
    for (const route of routes) {
      const { access } = route;
      const expected: Record<string, unknown> = {
        ...(access.table ? { TABLE_NAME: { Ref: ids.table } } : {}),
        ...(access.bucket?.length ? { BUCKET_NAME: { Ref: ids.bucket } } : {}),
        ...(access.email ? { SES_FROM_ADDRESS: CONTEXT_DEFAULTS.sesFromAddress } : {}),
        ...(access.translate ? { TRANSLATE_PROVIDER: 'aws' } : {}),
        ...(access.signingKey ? { JWT_SIGNING_KEY_SECRET_ID: { Ref: ids.secret } } : {}),
        ...(access.cursorKey ? { CURSOR_KEY_SECRET_ID: { Ref: ids.cursorKey } } : {}),
        JWT_ISSUER: CONTEXT_DEFAULTS.jwtIssuer,
        JWT_AUDIENCE: CONTEXT_DEFAULTS.jwtAudience,
        JWT_PUBLIC_KEY: '',
        POWERTOOLS_SERVICE_NAME: 'dpp-service',
        POWERTOOLS_LOG_LEVEL: 'INFO',
      };
      expect({ fn: route.fn, env: fnProps(route).Environment.Variables }).toEqual({ fn: route.fn, env: expected });
    }
  });

  it('warns at synth time that JWT_PUBLIC_KEY is empty when context jwtPublicKey is not set', () => {
    const warnings = warningsOf(stack.artifactId);
    expect(warnings.some((text) => text.includes('"jwtPublicKey" is not set'))).toBe(true);
  });
});

describe('HTTP API', () => {
  it('has one route per row, with the method and path exactly as in the route table, and nothing else', () => {
    const routeKeys = ofType('AWS::ApiGatewayV2::Route').map(([, route]) => route.Properties.RouteKey as string);
    expect(routeKeys.sort()).toEqual(routes.map(routeKeyOf).sort());
  });

  it('sends every route to a payload-2.0 proxy integration of its own function', () => {
    for (const route of routes) {
      const [, apiRoute] = ofType('AWS::ApiGatewayV2::Route').find(
        ([, candidate]) => candidate.Properties.RouteKey === routeKeyOf(route),
      )!;
      const target = JSON.stringify(apiRoute.Properties.Target);
      const [, integration] = ofType('AWS::ApiGatewayV2::Integration').find(([id]) => target.includes(`"${id}"`))!;
      expect({ route: routeKeyOf(route), integration: integration.Properties }).toMatchObject({
        route: routeKeyOf(route),
        integration: {
          IntegrationType: 'AWS_PROXY',
          PayloadFormatVersion: '2.0',
          IntegrationUri: { 'Fn::GetAtt': [fnLogicalId(route), 'Arn'] },
        },
      });
    }
  });

  it('lets API Gateway (and only API Gateway) invoke each function', () => {
    for (const route of routes) {
      const permissions = ofType('AWS::Lambda::Permission').filter(([, permission]) =>
        references(permission.Properties.FunctionName, fnLogicalId(route)),
      );
      expect(permissions.length).toBeGreaterThan(0);
      for (const [, permission] of permissions) {
        expect(permission.Properties).toMatchObject({
          Action: 'lambda:InvokeFunction',
          Principal: 'apigateway.amazonaws.com',
        });
      }
    }
  });

  it('allows CORS from the default origin list with the headers the API reads and exposes', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: {
        AllowOrigins: ['http://localhost:5173'],
        AllowHeaders: ['authorization', 'content-type', 'language'],
        ExposeHeaders: ['content-language'],
        AllowMethods: Match.arrayWith(['GET', 'POST', 'PUT', 'DELETE']),
      },
    });
  });

  it('deploys the $default stage automatically with the default throttling', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
    });
  });
});

describe('data stores', () => {
  it('keeps a retained on-demand table with pk/sk, gsi1 (ALL), point-in-time recovery and TTL on ttl', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        AttributeDefinitions: Match.arrayWith([
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
          { AttributeName: 'gsi1pk', AttributeType: 'S' },
          { AttributeName: 'gsi1sk', AttributeType: 'S' },
        ]),
        GlobalSecondaryIndexes: [
          {
            IndexName: 'gsi1',
            KeySchema: [
              { AttributeName: 'gsi1pk', KeyType: 'HASH' },
              { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
      },
    });
  });

  it('keeps a retained, versioned, S3-encrypted, fully private bucket with the cleanup lifecycle rules', () => {
    template.resourceCountIs('AWS::S3::Bucket', 1);
    template.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        VersioningConfiguration: { Status: 'Enabled' },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        LifecycleConfiguration: {
          Rules: Match.arrayWith([
            Match.objectLike({ Status: 'Enabled', AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
            Match.objectLike({ Status: 'Enabled', NoncurrentVersionExpiration: { NoncurrentDays: 30 } }),
          ]),
        },
      },
    });
  });

  it('denies every request to the bucket that does not use TLS', () => {
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: ids.bucket },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Principal: { AWS: '*' },
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it('creates the SES identity for the default from-address and a retained signing-key secret holding a placeholder', () => {
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: CONTEXT_DEFAULTS.sesFromAddress });
    template.hasResource('AWS::SecretsManager::Secret', {
      DeletionPolicy: 'Retain',
      Properties: { SecretString: Match.stringLikeRegexp('REPLACE_ME') },
    });
  });

  it('creates the cursor key as a random value Secrets Manager generates, never a value in the template', () => {
    expect(resources[ids.cursorKey]).toMatchObject({
      Type: 'AWS::SecretsManager::Secret',
      Properties: { GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true } },
    });
    expect(resources[ids.cursorKey]!.Properties.SecretString).toBeUndefined();
  });

  it('outputs the API URL, table name, bucket name and secret ARN', () => {
    const outputs = template.toJSON().Outputs as Record<string, Json>;
    expect(Object.keys(outputs).sort()).toEqual(['ApiUrl', 'BucketName', 'SigningKeySecretArn', 'TableName']);
    expect(outputs.TableName!.Value).toEqual({ Ref: ids.table });
    expect(outputs.BucketName!.Value).toEqual({ Ref: ids.bucket });
    expect(outputs.SigningKeySecretArn!.Value).toEqual({ Ref: ids.secret });
  });
});

describe('least privilege', () => {
  it('grants each function exactly the actions and resources its route row implies', () => {
    for (const route of routes) {
      expect({ fn: route.fn, grants: grants(route) }).toEqual({ fn: route.fn, grants: expectedGrants(route) });
    }
  });

  it('allows no wildcard action anywhere (no "*", no "service:*", no "s3:GetObject*")', () => {
    const wildcards = allStatements().filter(
      ({ statement }) => statement.Effect === 'Allow' && actionsOf(statement).some((action) => action.includes('*')),
    );
    expect(wildcards).toEqual([]);
  });

  it('uses the resource "*" only for translate:TranslateText', () => {
    const starResources = allStatements().filter(
      ({ statement }) =>
        statement.Effect === 'Allow' &&
        (Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource]).includes('*'),
    );
    for (const { statement } of starResources) expect(actionsOf(statement)).toEqual(['translate:TranslateText']);
  });

  it("gives function roles no managed policies (logs go only to the function's own log group)", () => {
    for (const route of routes) {
      const roleId = (fnProps(route).Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      expect(resources[roleId]!.Properties.ManagedPolicyArns ?? []).toEqual([]);
    }
  });

  it('gives a function whose row has no bucket access no S3 action at all', () => {
    const withoutBucket = routes.filter((route) => !route.access.bucket?.length);
    expect(withoutBucket.length).toBeGreaterThan(0);
    for (const route of withoutBucket) {
      const s3Actions = roleStatements(route)
        .flatMap(actionsOf)
        .filter((action) => action.startsWith('s3:'));
      expect({ fn: route.fn, s3Actions }).toEqual({ fn: route.fn, s3Actions: [] });
    }
  });

  it('lets only the functions whose row has signingKey read the signing-key secret', () => {
    const signingRoles = new Set(
      routes
        .filter((route) => route.access.signingKey)
        .map((route) => (fnProps(route).Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0]),
    );
    expect(signingRoles.size).toBeGreaterThan(0);
    const secretReaders = ofType('AWS::IAM::Policy').filter(([, policy]) =>
      (policy.Properties.PolicyDocument.Statement as Statement[]).some(
        (statement) =>
          statement.Effect === 'Allow' &&
          !references(statement.Resource, ids.cursorKey) &&
          (references(statement.Resource, ids.secret) ||
            actionsOf(statement).some((action) => action.startsWith('secretsmanager:'))),
      ),
    );
    for (const [, policy] of secretReaders) {
      const roles = (policy.Properties.Roles as { Ref: string }[]).map((role) => role.Ref);
      for (const role of roles) expect(signingRoles.has(role)).toBe(true);
    }
    for (const route of routes.filter((candidate) => !candidate.access.signingKey)) {
      expect(fnProps(route).Environment.Variables.JWT_SIGNING_KEY_SECRET_ID).toBeUndefined();
    }
    template.resourceCountIs('AWS::SecretsManager::ResourcePolicy', 0);
  });

  it('lets only the list functions (rows with cursorKey) read the cursor-key secret', () => {
    const listRoles = routes
      .filter((route) => route.access.cursorKey)
      .map((route) => (fnProps(route).Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0]);
    expect(listRoles.length).toBeGreaterThan(0);
    const readers = ofType('AWS::IAM::Policy')
      .filter(([, policy]) =>
        (policy.Properties.PolicyDocument.Statement as Statement[]).some((statement) =>
          references(statement.Resource, ids.cursorKey),
        ),
      )
      .flatMap(([, policy]) => (policy.Properties.Roles as { Ref: string }[]).map((role) => role.Ref));
    expect(readers.sort()).toEqual(listRoles.sort());
    for (const route of routes.filter((candidate) => !candidate.access.cursorKey)) {
      expect(fnProps(route).Environment.Variables.CURSOR_KEY_SECRET_ID).toBeUndefined();
    }
  });
});

const ES256_PUBLIC_KEY_PEM = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .publicKey.export({ type: 'spki', format: 'pem' })
  .toString();
const RSA_PUBLIC_KEY_PEM = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .publicKey.export({ type: 'spki', format: 'pem' })
  .toString()
  .trim();

describe('readStackConfig', () => {
  it('falls back to the documented defaults when no context is given', () => {
    expect(readStackConfig(new App())).toEqual({
      stackName: 'DppService',
      sesFromAddress: 'no-reply@example.com',
      jwtIssuer: 'dpp-service',
      jwtAudience: 'dpp-service',
      jwtPublicKey: '',
      logRetention: 30,
      logLevel: 'INFO',
      corsAllowOrigins: ['http://localhost:5173'],
      throttle: { rateLimit: 50, burstLimit: 100 },
    });
  });

  it('matches the defaults written in cdk.json', () => {
    const context = (JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Json }).context;
    const settings = Object.fromEntries(Object.entries(context).filter(([key]) => !key.startsWith('@aws-cdk')));
    expect(readStackConfig(new App({ context: settings }))).toEqual(readStackConfig(new App()));
  });

  it('accepts the string forms that `cdk -c key=value` produces', () => {
    const config = readStackConfig(
      new App({
        context: {
          account: '123456789012',
          region: 'eu-south-1',
          corsAllowOrigins: 'https://app.example.com,https://admin.example.com',
          throttle: '{"rateLimit": 10, "burstLimit": 20}',
          logRetentionDays: '90',
          logLevel: 'debug',
        },
      }),
    );
    expect(config).toMatchObject({
      account: '123456789012',
      region: 'eu-south-1',
      corsAllowOrigins: ['https://app.example.com', 'https://admin.example.com'],
      throttle: { rateLimit: 10, burstLimit: 20 },
      logRetention: 90,
      logLevel: 'DEBUG',
    });
  });

  it.each([
    ['with real newlines', (pem: string) => pem],
    ['on one line (cdk -c keeps only the first line of a value)', (pem: string) => pem.replace(/\n/g, '')],
    ['with literal \\n sequences', (pem: string) => pem.replace(/\n/g, '\\n')],
  ])('reads the ES256 public key PEM %s as the canonical PEM', (_layout, layout) => {
    const pem = ES256_PUBLIC_KEY_PEM.trim();
    expect(readStackConfig(new App({ context: { jwtPublicKey: layout(pem) } })).jwtPublicKey).toBe(pem);
  });

  it.each([
    ['logRetentionDays', 31, /logRetentionDays/],
    ['corsAllowOrigins', ['https://app.example.com/'], /corsAllowOrigins/],
    ['corsAllowOrigins', [], /corsAllowOrigins/],
    ['throttle', { rateLimit: 0, burstLimit: 10 }, /throttle\.rateLimit/],
    ['throttle', { rateLimit: 10, burstLimit: 1.5 }, /throttle\.burstLimit/],
    ['sesFromAddress', 'No Reply <no-reply@example.com>', /sesFromAddress/],
    ['logLevel', 'VERBOSE', /logLevel/],
    ['region', 'europe', /region/],
    ['jwtPublicKey', '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----', /jwtPublicKey/],
    ['jwtPublicKey', RSA_PUBLIC_KEY_PEM, /jwtPublicKey.*P-256/],
    ['jwtPublicKey', '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----', /jwtPublicKey/],
  ])('rejects context %s = %j with an error naming the key', (key, value, message) => {
    expect(() => readStackConfig(new App({ context: { [key]: value } }))).toThrow(StackConfigError);
    expect(() => readStackConfig(new App({ context: { [key]: value } }))).toThrow(message);
  });
});
