/**
 * How every function of the service is made, a route's or a worker's: its own log group and
 * role, exactly the grants and settings of its row's access, and the bundling options. Added
 * in the stack's own scope (see data.ts for why).
 */
import { cpSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AssetHashType, DockerImage, Duration, type ILocalBundling, type Stack } from 'aws-cdk-lib';
import {
  type AddToPrincipalPolicyResult,
  Effect,
  PolicyDocument,
  PolicyStatement,
  Role,
  type RoleProps,
  ServicePrincipal,
} from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { CfnBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { Route } from '../../lib/api/contract';
import { functionId } from '../../lib/api/routes';
import { BUNDLE_FILE, everyHandler, type FunctionBundles, functionBundlesSync, REPO_ROOT } from '../bundles';
import type { BackupConfig, StackConfig } from '../config';
import { LOCAL_SETTINGS, localOnlySettings } from '../local/settings';
import { tableSchema } from '../table-schema';
import type { DataStores } from './data';
import { acknowledge, NAG_ACKNOWLEDGEMENTS } from './nag';

/** Service name in every log line (Powertools). */
export const SERVICE_NAME = 'dpp-service';

/** Prefix of every object key the service writes (docs/spec/decisions.md, Files). */
export const OBJECT_KEY_PREFIX = 'companies/';

/** The DynamoDB actions of each `access.table` level (lib/api/contract.ts): only what lib/aws/dynamodb.ts sends. */
export const TABLE_ACTIONS = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
  update: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:UpdateItem'],
  // TransactWriteItems is authorized per leg: Put, Update, Delete, ConditionCheck.
  write: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:ConditionCheckItem',
  ],
} as const;

/**
 * The settings every function gets, route or worker: the one place they are set. A route row
 * declares none of them; a worker's row (FunctionRow) may only set its own timeout and reserve
 * concurrency. test/infra/function-settings.test.ts checks every synthesized function against these.
 */
export const FUNCTION_DEFAULTS = {
  runtime: Runtime.NODEJS_24_X,
  architecture: Architecture.ARM_64,
  memorySize: 512,
  /** The HTTP API waits 30 s at most. */
  timeoutSeconds: 10,
} as const;

/** Every function's NODE_OPTIONS: stacks of logged errors point into the sources (bundles ship their .map). */
export const NODE_OPTIONS = '--enable-source-maps';

/** VIES's REST API (https://ec.europa.eu/taxation_customs/vies/#/technical-information), for rows with `vies` access. */
export const VIES_REST_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api';

/** The S3 actions of each `access.bucket` level; a delete tags the object first (lib/aws/released.ts). */
export const BUCKET_ACTIONS = {
  get: ['s3:GetObject'],
  put: ['s3:PutObject'],
  delete: ['s3:PutObjectTagging', 's3:DeleteObject'],
} as const;

/** The back-up's table (context backupAccount, backupRegion, backupTableName). */
export const backupTableArn = (backup: BackupConfig): string =>
  `arn:aws:dynamodb:${backup.region}:${backup.account}:table/${backup.tableName}`;

/** What a function is made from: a route row's fn, access and auth, or a worker's (lib/companies/kyb/worker.ts). */
export interface FunctionRow extends Pick<Route, 'fn' | 'access' | 'auth'> {
  /** Of the function and of its role. */
  readonly description: string;
  /** Default FUNCTION_DEFAULTS.timeoutSeconds. */
  readonly timeoutSeconds?: number;
  /** Invocations at once at most (the anchor worker: 1); default unreserved. */
  readonly reservedConcurrentExecutions?: number;
}

export interface ServiceFunctionsProps {
  readonly config: StackConfig;
  readonly data: DataStores;
  /** PUBLIC_BASE_URL of the rows with access.links. */
  readonly publicBaseUrl: string;
  /** Context cdn=true: the distribution the rows with access.cdn invalidate paths of (infra/constructs/cdn.ts). */
  readonly cdn?: { readonly distributionId: string; readonly distributionArn: string };
}

/**
 * A setting given to a function after it is made (a worker's secret): with it, in a sandbox,
 * the local-only settings it brings, declared empty as environmentFor does (SAM's env.json).
 */
export function addSetting(fn: NodejsFunction, config: Pick<StackConfig, 'sandbox'>, key: string, value: string): void {
  fn.addEnvironment(key, value);
  if (!config.sandbox) return;
  for (const local of localOnlySettings({ [key]: value })) {
    const rule = LOCAL_SETTINGS[local];
    if (rule && 'adds' in rule && rule.adds === key) fn.addEnvironment(local, '');
  }
}

export class ServiceFunctions {
  constructor(
    private readonly stack: Stack,
    private readonly props: ServiceFunctionsProps,
  ) {}

  /** A function of a route row or a worker: its own log group and role, exactly the grants of its access. */
  add(route: FunctionRow): NodejsFunction {
    const stack = this.stack;
    const { config, data } = this.props;
    const id = functionId(route.fn);

    const logGroup = new LogGroup(stack, `${id}Logs`, { retention: config.logRetention });

    // Own role: writes only to its own log group, plus exactly the grants of its row.
    const role = new InlinePolicyRole(stack, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: route.description,
    });
    role.addToPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
    );
    for (const statement of this.statementsFor(route)) role.addToPolicy(statement);
    acknowledge(role, NAG_ACKNOWLEDGEMENTS.starResource);
    acknowledge(role, NAG_ACKNOWLEDGEMENTS.lambdaStarPermissions);
    if (route.access.bucket?.length) {
      const bucketArn = `<${stack.getLogicalId(data.bucket.node.defaultChild as CfnBucket)}.Arn>`;
      acknowledge(
        role,
        NAG_ACKNOWLEDGEMENTS.bucketObjects,
        NAG_ACKNOWLEDGEMENTS.bucketObjects.rule.replace('<Bucket.Arn>', bucketArn),
      );
    }

    return new NodejsFunction(stack, id, {
      // Its directory of the one esbuild build of every handler (infra/bundles.ts): minified ESM
      // with the AWS SDK inside (the pinned @aws-sdk/*, tree-shaken, not the runtime's unpinned
      // copy), and index.mjs.map beside it for NODE_OPTIONS=--enable-source-maps (a logged stack
      // names source files and lines; mappings only, the sources are not shipped).
      code: functionCode(route.fn),
      handler: `${BUNDLE_FILE.replace(/\.mjs$/, '')}.handler`,
      description: route.description.slice(0, 256),
      runtime: FUNCTION_DEFAULTS.runtime,
      architecture: FUNCTION_DEFAULTS.architecture,
      memorySize: FUNCTION_DEFAULTS.memorySize,
      timeout: Duration.seconds(route.timeoutSeconds ?? FUNCTION_DEFAULTS.timeoutSeconds),
      reservedConcurrentExecutions: route.reservedConcurrentExecutions,
      role,
      logGroup,
      // X-Ray segments of each invocation and its AWS calls, without bundling a tracing SDK.
      tracing: Tracing.ACTIVE,
      environment: this.environmentFor(route),
    });
  }

  /** The settings a function reads (lib/config.ts), from its row only. */
  private environmentFor(route: Pick<Route, 'access' | 'auth'>): Record<string, string> {
    const settings = this.cloudEnvironmentFor(route);
    // A sandbox also declares, empty, what a local run adds (an engine's address, a secret
    // inlined): SAM sets only declared variables, so `sam local invoke --env-vars env.json`
    // (npm run sam:env) can point the function at `npm start`'s engines. Empty is absent (lib/config.ts).
    if (!this.props.config.sandbox) return settings;
    return { ...settings, ...Object.fromEntries(localOnlySettings(settings).map((key) => [key, ''])) };
  }

  private cloudEnvironmentFor(route: Pick<Route, 'access' | 'auth'>): Record<string, string> {
    const { config, data, publicBaseUrl } = this.props;
    const { access } = route;
    return {
      ...(access.table ? { TABLE_NAME: data.table.tableName } : {}),
      ...(access.bucket?.length ? { BUCKET_NAME: data.bucket.bucketName } : {}),
      ...(access.email ? { SES_FROM_ADDRESS: config.sesFromAddress } : {}),
      ...(access.translate ? { TRANSLATE_PROVIDER: 'aws' } : {}),
      ...(access.signingKey ? { JWT_SIGNING_KEY_SECRET_ID: data.signingKeySecret.secretArn } : {}),
      ...(access.issuerKey ? { VC_ISSUER_KEY_SECRET_ID: data.issuerKeySecret.secretArn } : {}),
      ...(access.cursorKey ? { CURSOR_KEY_SECRET_ID: data.cursorKeySecret.secretArn } : {}),
      ...(access.vies ? { VIES_URL: VIES_REST_URL } : {}),
      // Only with the stack's CDN: without one there is nothing to invalidate (lib/aws/cloudfront.ts).
      ...(access.cdn && this.props.cdn ? { CDN_DISTRIBUTION_ID: this.props.cdn.distributionId } : {}),
      // Public links (a version's uri, an invitation's link).
      ...(access.links ? { PUBLIC_BASE_URL: publicBaseUrl } : {}),
      // Links to the back-up copy (a registry record's backupURL), when the stack has one (context backupBaseUrl).
      ...(access.backup && config.backupBaseUrl !== undefined ? { BACKUP_BASE_URL: config.backupBaseUrl } : {}),
      // The replicator's target: the back-up's table by its ARN (a cross-account call), in the back-up's region.
      ...(access.backupTable && config.backup !== undefined
        ? { BACKUP_TABLE_NAME: backupTableArn(config.backup), BACKUP_REGION: config.backup.region }
        : {}),
      // The back-up provider's read-only deployment (context role=backup): what its reads tell apart (a ceased operator).
      ...(config.role === 'backup' && access.table ? { DEPLOYMENT_ROLE: 'backup' } : {}),
      ...(access.stripe ? { STRIPE_SECRET_KEY_SECRET_ID: data.stripeKeySecret.secretArn } : {}),
      ...(access.anchoring
        ? {
            TABLE_NAME: data.table.tableName,
            EVM_CHAIN_ID: String(config.evm.chainId),
            EVM_EXPLORER_URL: config.evm.explorerUrl,
            ANCHOR_KEY_SECRET_ID: data.anchorKeySecret.secretArn,
          }
        : {}),
      // Its node's URL comes from the anchor worker's RPC-URL secret (infra/stack.ts): a provider's URL carries its key.
      ...(access.chain ? { EVM_CHAIN_ID: String(config.evm.chainId) } : {}),
      ...(access.stripe && config.stripePriceId !== undefined ? { STRIPE_PRICE_ID: config.stripePriceId } : {}),
      // Only what the function's auth reads: the verifier's keys for a jwt row, issuer and
      // audience for it and for the signer; a public row gets no JWT setting.
      ...(route.auth === 'jwt' || access.signingKey
        ? { JWT_ISSUER: config.jwtIssuer, JWT_AUDIENCE: config.jwtAudience }
        : {}),
      ...(route.auth === 'jwt' ? { JWT_PUBLIC_KEYS: config.jwtPublicKeys.join('\n') } : {}),
      SERVICE_NAME,
      LOG_LEVEL: config.logLevel,
      NODE_OPTIONS,
    };
  }

  /** Least privilege from the row: explicit actions on explicit resources, no wildcards in actions. */
  private statementsFor(route: Pick<Route, 'access'>): PolicyStatement[] {
    const { data } = this.props;
    const { access } = route;
    const statements: PolicyStatement[] = [];
    if (access.table) {
      statements.push(
        new PolicyStatement({ actions: [...TABLE_ACTIONS[access.table]], resources: [data.table.tableArn] }),
      );
    }
    if (access.anchoring) {
      // A notarization record is read and updated, never queried, put or deleted.
      statements.push(
        new PolicyStatement({ actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'], resources: [data.table.tableArn] }),
        new PolicyStatement({
          actions: ['secretsmanager:GetSecretValue'],
          resources: [data.anchorKeySecret.secretArn],
        }),
      );
    }
    if (access.backupTable && this.props.config.backup !== undefined) {
      // Copies only: an item is put whole or deleted, never read, updated or queried there.
      statements.push(
        new PolicyStatement({
          actions: ['dynamodb:PutItem', 'dynamodb:DeleteItem'],
          resources: [backupTableArn(this.props.config.backup)],
        }),
      );
    }
    if (access.tableIndexes) {
      // Only Query reaches an index; each index by name, no wildcard.
      statements.push(
        new PolicyStatement({
          actions: ['dynamodb:Query'],
          resources: tableSchema.globalIndexes.map((index) => `${data.table.tableArn}/index/${index.name}`),
        }),
      );
    }
    if (access.bucket?.length) {
      statements.push(
        new PolicyStatement({
          actions: [...new Set(access.bucket)].flatMap((action) => BUCKET_ACTIONS[action]),
          resources: [data.bucket.arnForObjects(`${OBJECT_KEY_PREFIX}*`)],
        }),
      );
    }
    if (access.email) {
      statements.push(
        new PolicyStatement({
          actions: ['ses:SendEmail', 'ses:SendRawEmail'],
          resources: [data.emailIdentity.emailIdentityArn],
        }),
      );
    }
    if (access.cdn && this.props.cdn) {
      // Invalidations of the stack's own distribution only.
      statements.push(
        new PolicyStatement({
          actions: ['cloudfront:CreateInvalidation'],
          resources: [this.props.cdn.distributionArn],
        }),
      );
    }
    if (access.translate) {
      // Translate has no resource-level permissions; `*` is the only valid resource.
      statements.push(new PolicyStatement({ actions: ['translate:TranslateText'], resources: ['*'] }));
    }
    for (const [granted, secret] of [
      [access.signingKey, data.signingKeySecret],
      [access.issuerKey, data.issuerKeySecret],
      [access.cursorKey, data.cursorKeySecret],
      [access.stripe, data.stripeKeySecret],
    ] as const) {
      if (granted) {
        statements.push(
          new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }),
        );
      }
    }
    return statements;
  }
}

/**
 * A role whose every statement, ours and those CDK adds (X-Ray for active tracing, an event
 * source's reads), is in one inline policy of the role itself, instead of a separate
 * AWS::IAM::Policy resource (`DefaultPolicy`): one CloudFormation resource a function less,
 * against the 500 of a template, with the same permissions. IAM's size limit is the same for
 * both (10,240 characters of inline policy a role; the stack test checks it).
 */
export class InlinePolicyRole extends Role {
  /** The name of the one inline policy. */
  static readonly POLICY_NAME = 'access';
  private readonly document: PolicyDocument;

  constructor(scope: Construct, id: string, props: RoleProps) {
    const document = new PolicyDocument();
    super(scope, id, {
      ...props,
      inlinePolicies: { ...props.inlinePolicies, [InlinePolicyRole.POLICY_NAME]: document },
    });
    this.document = document;
  }

  override addToPrincipalPolicy(statement: PolicyStatement): AddToPrincipalPolicyResult {
    this.document.addStatements(statement);
    // The statement is created with the role: whatever must wait for it waits for the role.
    return { statementAdded: true, policyDependable: this };
  }
}

/** Fails the synth with one message naming every missing handler file. */
export function assertHandlersExist(functionsDir: string, table: readonly Pick<Route, 'fn'>[]): void {
  const missing = table.map((route) => join(functionsDir, `${route.fn}.ts`)).filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `Missing handler file(s) for the route table (lib/api/routes.ts):\n  ${missing.join('\n  ')}\n` +
        'Each route row needs functions/<fn>.ts exporting `handler`.',
    );
  }
}

/** The one build of every handler, made or found the first time a function's code is staged. */
let bundles: FunctionBundles | undefined;

/**
 * Stages a function's bundle as its asset: CDK calls it as the stack is built, unless the stack
 * is left unbundled (context aws:cdk:bundling-stacks). The function's name is a field: CDK's
 * cache of staged assets tells the functions' assets apart by their options.
 */
class HandlerBundle implements ILocalBundling {
  constructor(readonly fn: string) {}

  tryBundle(outputDir: string): boolean {
    bundles ??= functionBundlesSync(everyHandler());
    const bundle = bundles.bundles.get(this.fn);
    if (bundle === undefined) throw new Error(`No bundle of ${this.fn}: functions/${this.fn}.ts is missing`);
    cpSync(dirname(bundle), outputDir, { recursive: true });
    return true;
  }
}

/** A function's code asset: its bundle's directory, hashed by its content (the output, as NodejsFunction's own). */
function functionCode(fn: string): Code {
  return Code.fromAsset(REPO_ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      local: new HandlerBundle(fn),
      // Never pulled: the local bundling above always bundles (esbuild is a dependency of the project).
      image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs24.x'),
    },
  });
}
