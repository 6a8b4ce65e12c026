/**
 * The whole service in one stack, driven by the route table (lib/api/routes.ts):
 * one function, one HTTP API route and exactly the grants of its row per route.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Annotations, CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import {
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  PayloadFormatVersion,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AttributeType, BillingMode, ProjectionType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import type { Route } from '../lib/api/contract';
import { functionId, isCatchAll, routeKeyOf, routes as routeTable } from '../lib/api/routes';
import { ESM_REQUIRE_BANNER, NODE_TARGET } from './bundling';
import type { StackConfig } from './config';
import { tableSchema } from './table-schema';

/** The repository root (this file is `<repo>/infra/stack.ts`). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Service name in every log line (Powertools). */
export const SERVICE_NAME = 'dpp-service';

/** Prefix of every object key the service writes (decisions.md, Files). */
export const OBJECT_KEY_PREFIX = 'companies/';

/** What the signing-key secret holds until the operator replaces it (see README). */
export const SIGNING_KEY_PLACEHOLDER = 'REPLACE_ME: PKCS#8 PEM of the ES256 private key';

/**
 * Lets bundled CommonJS dependencies call `require` inside the ESM bundle. The import
 * is aliased so it cannot clash with a dependency's own `import { createRequire }`
 * (that clash is a SyntaxError whenever the output is not minified).
 */
const LOCK_FILE = 'package-lock.json';

const TABLE_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
];
const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];
const BUCKET_ACTIONS = { get: 's3:GetObject', put: 's3:PutObject', delete: 's3:DeleteObject' } as const;

export interface DppServiceStackProps extends StackProps {
  /** The validated context (infra/config.ts, readStackConfig). */
  config: StackConfig;
  /**
   * Where `<fn>.ts` of every route lives. Default `<repo>/functions`. It must lie in an
   * npm project (a package-lock.json at or above it) whose node_modules has esbuild.
   */
  functionsDir?: string;
}

export class DppServiceStack extends Stack {
  readonly table: Table;
  readonly bucket: Bucket;
  readonly signingKeySecret: Secret;
  readonly emailIdentity: EmailIdentity;
  readonly api: HttpApi;
  /** The function of each route row, by `fn`. */
  readonly functions: ReadonlyMap<string, NodejsFunction>;

  constructor(scope: Construct, id: string, props: DppServiceStackProps) {
    super(scope, id, props);
    const { config } = props;
    const functionsDir = resolve(props.functionsDir ?? join(REPO_ROOT, 'functions'));
    assertRouteTableIsDeployable(routeTable);
    assertHandlersExist(functionsDir, routeTable);

    if (config.jwtPublicKey === '') {
      Annotations.of(this).addWarningV2(
        'dpp-service:jwtPublicKeyMissing',
        'Context "jwtPublicKey" is not set: JWT_PUBLIC_KEY is empty and every function will fail at cold start ' +
          'until it is. Pass the SPKI PEM of the ES256 public key whose private key is in the signing-key secret, ' +
          'e.g. cdk deploy -c jwtPublicKey="$(tr -d \'\\n\' < jwt-public.pem)", or set it in cdk.json.',
      );
    }

    // Key schema shared with the local bootstrap (infra/table-schema.ts).
    this.table = new Table(this, 'Table', {
      partitionKey: { name: tableSchema.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableSchema.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: tableSchema.timeToLiveAttribute,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of tableSchema.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }

    this.bucket = new Bucket(this, 'Bucket', {
      versioned: true,
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [
        {
          id: 'abort-incomplete-multipart-uploads',
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
        {
          // Versioning is a safety net against accidental deletes; the app never reads
          // noncurrent versions (files are immutable per upload and pinned by DPP versions).
          id: 'expire-noncurrent-versions',
          noncurrentVersionExpiration: Duration.days(30),
        },
      ],
    });

    this.emailIdentity = new EmailIdentity(this, 'FromAddressIdentity', {
      identity: Identity.email(config.sesFromAddress),
    });

    this.signingKeySecret = new Secret(this, 'JwtSigningKey', {
      description:
        'ES256 private key (PKCS#8 PEM) that signs the service JWTs. Put the real key here after the first deploy.',
      // A placeholder, not a secret: the operator replaces it. Keep this text unchanged,
      // or the next deploy writes the placeholder over the real key.
      secretStringValue: SecretValue.unsafePlainText(SIGNING_KEY_PLACEHOLDER),
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.api = new HttpApi(this, 'HttpApi', {
      apiName: this.stackName,
      description: 'Digital Product Passport service',
      createDefaultStage: false,
      corsPreflight: {
        allowOrigins: config.corsAllowOrigins,
        // The methods of the real routes (not the `$default` catch-all's ANY).
        allowMethods: [
          ...new Set(routeTable.filter((route) => !isCatchAll(route)).map((route) => CorsHttpMethod[route.method])),
        ],
        allowHeaders: ['authorization', 'content-type', 'language'],
        exposeHeaders: ['content-language'],
      },
    });
    const stage = this.api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: config.throttle.rateLimit, burstLimit: config.throttle.burstLimit },
    });

    const projectRoot = findProjectRoot(functionsDir);
    const functions = new Map<string, NodejsFunction>();
    for (const route of routeTable) {
      const fn = this.addRouteFunction(route, { config, functionsDir, projectRoot });
      functions.set(route.fn, fn);
      new HttpRoute(this, `${functionId(route.fn)}Route`, {
        httpApi: this.api,
        routeKey: isCatchAll(route) ? HttpRouteKey.DEFAULT : HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${functionId(route.fn)}Integration`, fn, {
          payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
        }),
      });
    }
    this.functions = functions;

    new CfnOutput(this, 'ApiUrl', { value: stage.url, description: 'Base URL of the HTTP API' });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'BucketName', { value: this.bucket.bucketName });
    new CfnOutput(this, 'SigningKeySecretArn', {
      value: this.signingKeySecret.secretArn,
      description: 'Put the PKCS#8 PEM of the ES256 private key here (aws secretsmanager put-secret-value)',
    });
  }

  private addRouteFunction(
    route: Route,
    opts: { config: StackConfig; functionsDir: string; projectRoot: string },
  ): NodejsFunction {
    const { config } = opts;
    const id = functionId(route.fn);

    const logGroup = new LogGroup(this, `${id}Logs`, { retention: config.logRetention });

    // Own role: writes only to its own log group, plus exactly the grants of its row.
    const role = new Role(this, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `${route.method} ${route.path}`,
    });
    role.addToPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
    );
    for (const statement of this.statementsFor(route)) role.addToPolicy(statement);

    return new NodejsFunction(this, id, {
      entry: join(opts.functionsDir, `${route.fn}.ts`),
      handler: 'handler',
      description: `${route.method} ${route.path}`.slice(0, 256),
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: Duration.seconds(10),
      role,
      logGroup,
      environment: this.environmentFor(route, config),
      projectRoot: opts.projectRoot,
      depsLockFilePath: join(opts.projectRoot, LOCK_FILE),
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        minify: true,
        sourceMap: false,
        target: NODE_TARGET,
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_BANNER,
        // Bundle the pinned @aws-sdk/* (tree-shaken) instead of the runtime's unpinned copy.
        bundleAwsSDK: true,
        // esbuild's per-file size summary is noise in synth and test output; warnings still show.
        logLevel: LogLevel.WARNING,
      },
    });
  }

  /** The settings a function reads (lib/config.ts), from its row only. */
  private environmentFor(route: Route, config: StackConfig): Record<string, string> {
    const { access } = route;
    return {
      ...(access.table ? { TABLE_NAME: this.table.tableName } : {}),
      ...(access.bucket?.length ? { BUCKET_NAME: this.bucket.bucketName } : {}),
      ...(access.email ? { SES_FROM_ADDRESS: config.sesFromAddress } : {}),
      ...(access.translate ? { TRANSLATE_PROVIDER: 'aws' } : {}),
      ...(access.signingKey ? { JWT_SIGNING_KEY_SECRET_ID: this.signingKeySecret.secretArn } : {}),
      JWT_ISSUER: config.jwtIssuer,
      JWT_AUDIENCE: config.jwtAudience,
      JWT_PUBLIC_KEY: config.jwtPublicKey,
      POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
      POWERTOOLS_LOG_LEVEL: config.logLevel,
    };
  }

  /** Least privilege from the row: explicit actions on explicit resources, no wildcards in actions. */
  private statementsFor(route: Route): PolicyStatement[] {
    const { access } = route;
    const statements: PolicyStatement[] = [];
    if (access.table) {
      const actions = access.table === 'write' ? [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS] : TABLE_READ_ACTIONS;
      statements.push(
        new PolicyStatement({ actions, resources: [this.table.tableArn] }),
        // Only Query reaches an index; the item actions do not apply to one.
        new PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${this.table.tableArn}/index/*`] }),
      );
    }
    if (access.bucket?.length) {
      statements.push(
        new PolicyStatement({
          actions: [...new Set(access.bucket)].map((action) => BUCKET_ACTIONS[action]),
          resources: [this.bucket.arnForObjects(`${OBJECT_KEY_PREFIX}*`)],
        }),
      );
    }
    if (access.email) {
      statements.push(
        new PolicyStatement({
          actions: ['ses:SendEmail', 'ses:SendRawEmail'],
          resources: [this.emailIdentity.emailIdentityArn],
        }),
      );
    }
    if (access.translate) {
      // Translate has no resource-level permissions; `*` is the only valid resource.
      statements.push(new PolicyStatement({ actions: ['translate:TranslateText'], resources: ['*'] }));
    }
    if (access.signingKey) {
      statements.push(
        new PolicyStatement({
          actions: ['secretsmanager:GetSecretValue'],
          resources: [this.signingKeySecret.secretArn],
        }),
      );
    }
    return statements;
  }
}

/** Catches route-table mistakes the deploy would only report later (or not at all). */
function assertRouteTableIsDeployable(table: readonly Route[]): void {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const route of table) {
    if (isCatchAll(route) && route.method !== 'ANY') problems.push(`${route.fn}: the $default route takes method ANY`);
    if (!isCatchAll(route) && (route.method === 'ANY' || !route.path.startsWith('/'))) {
      problems.push(`${route.fn}: expected an explicit method and a path starting with "/"`);
    }
    const key = routeKeyOf(route);
    const other = seen.get(key);
    if (other !== undefined) problems.push(`${route.fn}: route "${key}" is already taken by ${other}`);
    seen.set(key, route.fn);
  }
  const fns = table.map((route) => route.fn);
  for (const fn of new Set(fns)) {
    if (fns.filter((name) => name === fn).length > 1)
      problems.push(`${fn}: one function per route row, but it appears twice`);
  }
  if (problems.length > 0) throw new Error(`lib/api/routes.ts cannot be deployed:\n  ${problems.join('\n  ')}`);
}

/** Fails the synth with one message naming every missing handler file. */
function assertHandlersExist(functionsDir: string, table: readonly Route[]): void {
  const missing = table.map((route) => join(functionsDir, `${route.fn}.ts`)).filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `Missing handler file(s) for the route table (lib/api/routes.ts):\n  ${missing.join('\n  ')}\n` +
        'Each route row needs functions/<fn>.ts exporting `handler`.',
    );
  }
}

/**
 * The npm project the handlers belong to: the nearest directory at or above
 * `functionsDir` holding a package-lock.json. esbuild runs there (through npx, so the
 * project's own esbuild), resolves the handlers' imports from its node_modules, and the
 * entries must lie inside it. For `<repo>/functions` this is the repo.
 */
function findProjectRoot(functionsDir: string): string {
  for (let dir = functionsDir; ; dir = dirname(dir)) {
    if (existsSync(join(dir, LOCK_FILE))) return dir;
    if (dirname(dir) === dir) {
      throw new Error(
        `No ${LOCK_FILE} at or above ${functionsDir}: the functions directory must belong to an npm project ` +
          "(with node_modules holding esbuild and the handlers' dependencies).",
      );
    }
  }
}
