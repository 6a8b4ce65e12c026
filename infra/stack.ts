/**
 * The whole service in one stack, driven by the route table (lib/api/routes.ts):
 * one function, one HTTP API route and exactly the grants of its row per route.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Annotations,
  CfnOutput,
  Duration,
  RemovalPolicy,
  SecretValue,
  Stack,
  type StackProps,
  Validations,
} from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  ApiMapping,
  type CfnStage,
  CorsHttpMethod,
  DomainName,
  EndpointType,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  type HttpStage,
  LogGroupLogDestination,
  PayloadFormatVersion,
  SecurityPolicy,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, FilterCriteria, Runtime, StartingPosition, Tracing } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket } from 'aws-cdk-lib/aws-s3';
import {
  ContextAttribute,
  Schedule as ScheduledRule,
  ScheduleExpression,
  ScheduleTargetInput,
} from 'aws-cdk-lib/aws-scheduler';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import { type ITopic, Topic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct, IConstruct } from 'constructs';
import {
  ANCHOR_WORKER_ACCESS,
  ANCHOR_WORKER_FN,
  NOTARIZATION_INSERTS,
  STREAM_RETRY_ATTEMPTS,
  WORKER_TIMEOUT_SECONDS,
} from '../lib/anchoring/worker';
import type { Route } from '../lib/api/contract';
import { functionId, isCatchAll, routeKeyOf, routes as routeTable } from '../lib/api/routes';
import { getDppRoute } from '../lib/api/routes/get-dpp';
import { getDppVersionDocumentRoute } from '../lib/api/routes/get-dpp-version-document';
import {
  KYB_RETRY_ACCESS,
  KYB_RETRY_EVERY_MINUTES,
  KYB_RETRY_TIMEOUT_SECONDS,
  KYB_RETRY_WORKER_FN,
} from '../lib/companies/kyb/worker';
import { DEFAULT_METRICS_NAMESPACE, METRIC } from '../lib/metrics';
import { ESM_REQUIRE_BANNER, NODE_TARGET } from './bundling';
import type { CustomDomainConfig, StackConfig, ThrottleConfig } from './config';
import { tableSchema } from './table-schema';

/** The repository root (this file is `<repo>/infra/stack.ts`). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Service name in every log line (Powertools). */
export const SERVICE_NAME = 'dpp-service';

/** Prefix of every object key the service writes (decisions.md, Files). */
export const OBJECT_KEY_PREFIX = 'companies/';

/** What the signing-key secret holds until the operator replaces it (see README). */
export const SIGNING_KEY_PLACEHOLDER = 'REPLACE_ME: PKCS#8 PEM of the ES256 private key';

/** What the anchoring-key secret holds until the operator replaces it (see README, Deploy). */
export const ANCHOR_KEY_PLACEHOLDER = 'REPLACE_ME: 0x and the 64 hex digits of the anchoring account private key';

/** What the Stripe secret-key secret holds until the operator replaces it (see README, Deploy). */
export const STRIPE_KEY_PLACEHOLDER = 'REPLACE_ME: a Stripe secret key (sk_test_... for test mode)';

/**
 * Lets bundled CommonJS dependencies call `require` inside the ESM bundle. The import
 * is aliased so it cannot clash with a dependency's own `import { createRequire }`
 * (that clash is a SyntaxError whenever the output is not minified).
 */
const LOCK_FILE = 'package-lock.json';

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

/** Every function's NODE_OPTIONS: stacks of logged errors point into the sources (bundles ship their .map). */
export const NODE_OPTIONS = '--enable-source-maps';

/**
 * One JSON line per request on the HTTP API stage (the fields of AWS's own example);
 * `requestId` is the `apiRequestId` of the function's log lines.
 */
export const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  httpMethod: '$context.httpMethod',
  routeKey: '$context.routeKey',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  integrationLatency: '$context.integrationLatency',
  integrationErrorMessage: '$context.integrationErrorMessage',
} as const;

/** Public reads throttled per route with context publicDppThrottle (throttleOwnRoute). */
const PUBLIC_PASSPORT_READS: readonly string[] = [getDppRoute.fn, getDppVersionDocumentRoute.fn];

/** A cdk-nag finding this stack accepts: the rule (and finding) id, where, and why. */
export interface NagAcknowledgement {
  /** The id cdk-nag reports; `<Bucket.Arn>` stands for the data bucket's `<LogicalId.Arn>`. */
  readonly rule: string;
  readonly on: string;
  readonly reason: string;
}

/**
 * Every cdk-nag finding (AwsSolutions, Serverless) this stack accepts, with its reason.
 * The README lists them (Deploy, cdk-nag acknowledgements); test/infra/nag.test.ts fails
 * on any finding not acknowledged here.
 */
export const NAG_ACKNOWLEDGEMENTS = {
  apiAuthorizer: {
    rule: 'AwsSolutions-APIG4',
    on: 'every route',
    reason:
      'No API Gateway authorizer: an authenticated route verifies the ES256 JWT in its function ' +
      '(lib/auth/verify-token.ts) before it reads anything, with the public keys of its environment (an API ' +
      'Gateway JWT authorizer needs a published JWKS URL). Public by the interface and decisions.md: GET ' +
      '/dpp/{dppId} and a version document GET /dpp/{dppId}/versions/{version} (passports and their proofs), ' +
      'GET /generateJWT/... (which checks an API key), POST /accept-invitation (the invitation id is the ' +
      'secret), GET /health (a fixed answer for load balancers) and the $default 404.',
  },
  starResource: {
    rule: 'AwsSolutions-IAM5[Resource::*]',
    on: 'every function role',
    reason:
      'xray:PutTraceSegments and xray:PutTelemetryRecords (active tracing) and translate:TranslateText have no ' +
      'resource-level permissions: "*" is the only resource they take.',
  },
  bucketObjects: {
    rule: 'AwsSolutions-IAM5[Resource::<Bucket.Arn>/companies/*]',
    on: 'the roles of rows with bucket access',
    reason:
      'Object keys are minted per company and file at run time (companies/{companyId}/...), never taken from ' +
      'the client; companies/* is the narrowest static scope, and tenancy is checked in code before a key is used.',
  },
  bucketAccessLogs: {
    rule: 'AwsSolutions-S1',
    on: 'the data bucket',
    reason:
      'No server access logs: only the functions reach the bucket, through their roles and through presigned ' +
      'URLs they sign after an authorization check, and their logs and the API access logs record each request. ' +
      'A log bucket would itself be unlogged; CloudTrail S3 data events give an audit trail where one is required.',
  },
  signingKeyRotation: {
    rule: 'AwsSolutions-SMG4',
    on: 'the JWT signing-key secret',
    reason:
      'Rotated by the operator, not by a rotation Lambda: the verifiers take their public keys from context ' +
      'jwtPublicKeys, so a rotation is a deploy that lists the new and the old key, then the new secret value ' +
      '(README, Deploy).',
  },
  cursorKeyRotation: {
    rule: 'AwsSolutions-SMG4',
    on: 'the cursor-key secret',
    reason:
      'The key only authenticates list cursors: a new value makes open cursors invalid and clients start their ' +
      'lists over, which a rotation Lambda would not improve.',
  },
  stripeKeyRotation: {
    rule: 'AwsSolutions-SMG4',
    on: 'the Stripe secret-key secret',
    reason:
      'Stripe issues and rolls its API keys in its own dashboard (Developers, API keys, Roll key); a rotation ' +
      'Lambda cannot. The operator puts the new key in the secret (README, Deploy).',
  },
  deadLetterQueue: {
    rule: 'Serverless-LambdaDLQ',
    on: 'every function',
    reason:
      'API Gateway invokes every function synchronously, and a dead-letter queue only receives asynchronous ' +
      'events. A failed request is answered to its client, logged, and counted by the Errors and 5xx alarms.',
  },
  kybRetryDeadLetterQueue: {
    rule: 'Serverless-LambdaDLQ',
    on: 'the KYB retry worker',
    reason:
      'EventBridge Scheduler invokes it every few minutes with no payload to keep: its work list is the pending ' +
      'index (gsi1 KYB#PENDING), so the next scheduled run redoes whatever a failed run left, and its Errors ' +
      'alarm reports the failure. A queue of empty events would hold nothing to replay.',
  },
  anchorKeyRotation: {
    rule: 'AwsSolutions-SMG4',
    on: 'the anchoring-key secret',
    reason:
      "The value is an Ethereum account's private key: a new key is a new account (a new `from` on the chain), " +
      'which the operator creates, funds with gas and puts in the secret; a rotation Lambda could do neither. ' +
      'The worker reads the secret again every 5 minutes, so a new key is used with no redeploy.',
  },
  anchorWorkerDeadLetterQueue: {
    rule: 'Serverless-LambdaDLQ',
    on: 'the anchor worker',
    reason:
      'A function dead-letter queue only receives asynchronous invocations; the anchor worker is invoked ' +
      'synchronously by its DynamoDB stream event source mapping, whose on-failure destination is an SQS ' +
      'dead-letter queue (with an alarm) that receives every stream record the mapping gave up on.',
  },
  anchorDeadLetterQueue: {
    rule: 'AwsSolutions-SQS3',
    on: "the anchor worker's dead-letter queue",
    reason:
      "It is itself a dead-letter queue: the on-failure destination of the anchor worker's event source " +
      'mapping, alarmed on its first message. Nothing consumes it, so a queue for its own failures would ' +
      'never receive anything.',
  },
  anchorDeadLetterQueueRedrive: {
    rule: 'Serverless-SQSRedrivePolicy',
    on: "the anchor worker's dead-letter queue",
    reason:
      'It is itself a dead-letter queue (see AwsSolutions-SQS3): a redrive policy would move its messages to yet ' +
      'another queue, and nothing reads it to fail on a message; an operator inspects and redrives it by hand.',
  },
  anchorWorkerStarResource: {
    rule: 'AwsSolutions-IAM5[Resource::*]',
    on: "the anchor worker's role",
    reason:
      'Besides X-Ray (active tracing), the DynamoDB stream event source mapping needs dynamodb:ListStreams, ' +
      'which has no resource-level permissions; the stream reads themselves (DescribeStream, GetRecords, ' +
      "GetShardIterator) are granted on the table's stream only.",
  },
} as const satisfies Record<string, NagAcknowledgement>;

/** VIES's REST API (https://ec.europa.eu/taxation_customs/vies/#/technical-information), for rows with `vies` access. */
export const VIES_REST_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api';

/** What a function is made from: a route row's fn, access and auth, or a worker's (lib/kyb/worker.ts). */
interface FunctionRow extends Pick<Route, 'fn' | 'access' | 'auth'> {
  /** Of the function and of its role. */
  readonly description: string;
  /** Default 10 s (the HTTP API waits 30 s at most). */
  readonly timeoutSeconds?: number;
  /** Invocations at once at most (the anchor worker: 1); default unreserved. */
  readonly reservedConcurrentExecutions?: number;
}

/** Records one acknowledgement on a construct (cdk-nag 3 reads it from the construct and its ancestors). */
function acknowledge(scope: IConstruct, acknowledgement: NagAcknowledgement, rule = acknowledgement.rule): void {
  Validations.of(scope).acknowledge({ id: rule, reason: acknowledgement.reason });
}
const BUCKET_ACTIONS = { get: 's3:GetObject', put: 's3:PutObject', delete: 's3:DeleteObject' } as const;

export interface DppServiceStackProps extends StackProps {
  /** The validated context (infra/config.ts, readStackConfig). */
  config: StackConfig;
  /**
   * Where `<fn>.ts` of every route lives. Default `<repo>/functions`. It must lie in an
   * npm project (a package-lock.json at or above it) whose node_modules has esbuild.
   */
  functionsDir?: string;
  /** The route rows to deploy. Default: the route table (lib/api/routes.ts); tests pass variants. */
  routes?: readonly Route[];
}

export class DppServiceStack extends Stack {
  readonly table: Table;
  readonly bucket: Bucket;
  readonly signingKeySecret: Secret;
  /** The HMAC key of list cursors (lib/data/paging.ts): a random value, generated by Secrets Manager. */
  readonly cursorKeySecret: Secret;
  /** The Stripe secret key (lib/stripe/client.ts): a placeholder the operator replaces. */
  readonly stripeKeySecret: Secret;
  readonly emailIdentity: EmailIdentity;
  readonly api: HttpApi;
  /** The API's own domain (context domainName + certificateArn), mapped to its stage; absent without one. */
  readonly customDomain?: DomainName;
  /**
   * The base of every public link the service writes (PUBLIC_BASE_URL of the rows with
   * access.links): context publicBaseUrl, else https://<domainName> (infra/config.ts), else,
   * with no custom domain, the API's own execute-api URL.
   */
  readonly publicBaseUrl: string;
  /** The route rows deployed, one function and one route each. */
  readonly routes: readonly Route[];
  /** The function of each route row, by `fn`. */
  readonly functions: ReadonlyMap<string, NodejsFunction>;
  /** The scheduled worker that retries PENDING KYB checks (functions/retry-pending-kyb.ts). */
  readonly kybRetryWorker: NodejsFunction;
  /** The private key of the account that anchors notarizations (lib/anchoring/anchor-key.ts): a placeholder the operator replaces. */
  readonly anchorKeySecret: Secret;
  /** Where the anchor worker's event source mapping sends the stream records it gave up on. */
  readonly anchorDeadLetterQueue: Queue;
  /** The anchor worker (functions/anchor-notarization.ts), fed by the table's stream. */
  readonly anchorWorker: NodejsFunction;

  constructor(scope: Construct, id: string, props: DppServiceStackProps) {
    super(scope, id, props);
    const { config } = props;
    const functionsDir = resolve(props.functionsDir ?? join(REPO_ROOT, 'functions'));
    this.routes = props.routes ?? routeTable;
    assertRouteTableIsDeployable(this.routes);
    assertHandlersExist(functionsDir, this.routes);

    // readStackConfig refused these defaults unless the deployment is a sandbox.
    config.sandboxWarnings.forEach((warning, index) => {
      Annotations.of(this).addWarningV2(`dpp-service:sandbox${index + 1}`, warning);
    });

    // Key schema shared with the local bootstrap (infra/table-schema.ts).
    this.table = new Table(this, 'Table', {
      partitionKey: { name: tableSchema.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableSchema.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: tableSchema.timeToLiveAttribute,
      // Feeds the anchor worker (new notarization records); only keys: the worker reads the record itself.
      stream: StreamViewType[tableSchema.stream],
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

    // Nothing but cursors depends on it: a new value only makes clients start their lists over.
    this.cursorKeySecret = new Secret(this, 'CursorKey', {
      description: 'HMAC-SHA256 key that makes list cursors tamper-proof (random, generated by Secrets Manager).',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });

    this.anchorKeySecret = new Secret(this, 'AnchorKey', {
      description:
        'Private key (0x + 64 hex digits) of the EVM account that anchors notarizations. Put it here after the first deploy, and fund the account.',
      // A placeholder, as the signing key's: never change this text, or a deploy overwrites the real key.
      secretStringValue: SecretValue.unsafePlainText(ANCHOR_KEY_PLACEHOLDER),
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.stripeKeySecret = new Secret(this, 'StripeSecretKey', {
      description:
        'Stripe secret key (sk_test_... or sk_live_...) of the promotional-code routes. Put it here after the first deploy.',
      // A placeholder, as the signing key's: never change this text, or a deploy overwrites the real key.
      secretStringValue: SecretValue.unsafePlainText(STRIPE_KEY_PLACEHOLDER),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    if (config.stripePriceId === undefined) {
      Annotations.of(this).addWarningV2(
        'dpp-service:stripePriceId',
        'No context stripePriceId: POST /discount-subscription fails at cold start until it names the Stripe price ' +
          'of the plan (-c stripePriceId=price_...).',
      );
    }

    this.api = new HttpApi(this, 'HttpApi', {
      apiName: this.stackName,
      description: 'Digital Product Passport service',
      createDefaultStage: false,
      // With a custom domain the API answers there only: no client, link or bookmark can come to
      // depend on the execute-api address, and every request passes the domain's TLS 1.2 policy.
      disableExecuteApiEndpoint: config.customDomain !== undefined,
      corsPreflight: {
        allowOrigins: config.corsAllowOrigins,
        // The methods of the real routes (not the `$default` catch-all's ANY).
        allowMethods: [
          ...new Set(this.routes.filter((route) => !isCatchAll(route)).map((route) => CorsHttpMethod[route.method])),
        ],
        allowHeaders: ['authorization', 'content-type', 'language', 'idempotency-key', 'x-correlation-id'],
        exposeHeaders: ['content-language', 'idempotent-replayed', 'x-correlation-id'],
      },
    });
    const accessLogs = new LogGroup(this, 'ApiAccessLogs', { retention: config.logRetention });
    const stage = this.api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: config.throttle.rateLimit, burstLimit: config.throttle.burstLimit },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });

    if (config.customDomain !== undefined) this.customDomain = this.addCustomDomain(config.customDomain, stage);
    this.publicBaseUrl = config.publicBaseUrl ?? this.api.apiEndpoint;

    const projectRoot = findProjectRoot(functionsDir);
    const functions = new Map<string, NodejsFunction>();
    for (const route of this.routes) {
      const fn = this.addRouteFunction(route, { config, functionsDir, projectRoot });
      functions.set(route.fn, fn);
      const httpRoute = new HttpRoute(this, `${functionId(route.fn)}Route`, {
        httpApi: this.api,
        routeKey: isCatchAll(route) ? HttpRouteKey.DEFAULT : HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${functionId(route.fn)}Integration`, fn, {
          payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
        }),
      });
      acknowledge(httpRoute, NAG_ACKNOWLEDGEMENTS.apiAuthorizer);
      if (PUBLIC_PASSPORT_READS.includes(route.fn)) {
        this.throttleOwnRoute(stage.node.defaultChild as CfnStage, route, httpRoute, config.publicDppThrottle);
      }
    }
    this.functions = functions;
    this.kybRetryWorker = this.addKybRetryWorker({ config, functionsDir, projectRoot });
    this.anchorDeadLetterQueue = new Queue(this, 'AnchorDeadLetterQueue', {
      enforceSSL: true,
      encryption: QueueEncryption.SQS_MANAGED,
      retentionPeriod: Duration.days(14),
    });
    this.anchorWorker = this.addAnchorWorker({ config, functionsDir, projectRoot });
    const alarmTopic = this.addAlarms(config);

    new CfnOutput(this, 'ApiUrl', {
      value: config.customDomain !== undefined ? `https://${config.customDomain.domainName}/` : stage.url,
      description:
        config.customDomain !== undefined
          ? 'Base URL of the HTTP API: its custom domain (the execute-api endpoint is disabled)'
          : 'Base URL of the HTTP API',
    });
    new CfnOutput(this, 'PublicBaseUrl', {
      value: this.publicBaseUrl,
      description: 'The base of every public link the service writes (a version uri, an invitation link)',
    });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'BucketName', { value: this.bucket.bucketName });
    new CfnOutput(this, 'SigningKeySecretArn', {
      value: this.signingKeySecret.secretArn,
      description: 'Put the PKCS#8 PEM of the ES256 private key here (aws secretsmanager put-secret-value)',
    });
    new CfnOutput(this, 'AnchorKeySecretArn', {
      value: this.anchorKeySecret.secretArn,
      description:
        'Put the anchoring account private key here (0x + 64 hex digits; aws secretsmanager put-secret-value)',
    });
    new CfnOutput(this, 'StripeSecretKeyArn', {
      value: this.stripeKeySecret.secretArn,
      description: 'Put the Stripe secret key here (aws secretsmanager put-secret-value)',
    });
    if (config.alarmTopicArn === undefined) {
      new CfnOutput(this, 'AlarmTopicArn', {
        value: alarmTopic.topicArn,
        description: 'Every alarm notifies this topic: subscribe to it (or deploy with -c alarmTopicArn=<your topic>)',
      });
    }

    acknowledge(this.bucket, NAG_ACKNOWLEDGEMENTS.bucketAccessLogs);
    acknowledge(this.signingKeySecret, NAG_ACKNOWLEDGEMENTS.signingKeyRotation);
    acknowledge(this.cursorKeySecret, NAG_ACKNOWLEDGEMENTS.cursorKeyRotation);
    acknowledge(this.anchorKeySecret, NAG_ACKNOWLEDGEMENTS.anchorKeyRotation);
    acknowledge(this.anchorDeadLetterQueue, NAG_ACKNOWLEDGEMENTS.anchorDeadLetterQueue);
    acknowledge(this.anchorDeadLetterQueue, NAG_ACKNOWLEDGEMENTS.anchorDeadLetterQueueRedrive);
    acknowledge(this.stripeKeySecret, NAG_ACKNOWLEDGEMENTS.stripeKeyRotation);
  }

  /**
   * The API's own domain: a regional API Gateway domain name with the ACM certificate of context
   * certificateArn and the TLS 1.2 security policy, mapped (at its root) to the stage. The DNS
   * record is the operator's: the outputs name its target (README, Deploy: the custom domain).
   */
  private addCustomDomain(custom: CustomDomainConfig, stage: HttpStage): DomainName {
    const domain = new DomainName(this, 'CustomDomain', {
      domainName: custom.domainName,
      certificate: Certificate.fromCertificateArn(this, 'CustomDomainCertificate', custom.certificateArn),
      endpointType: EndpointType.REGIONAL,
      securityPolicy: SecurityPolicy.TLS_1_2,
    });
    new ApiMapping(this, 'CustomDomainMapping', { api: this.api, domainName: domain, stage });
    new CfnOutput(this, 'CustomDomainTarget', {
      value: domain.regionalDomainName,
      description: `DNS: a CNAME record from ${custom.domainName} to this name (or a Route 53 alias A record)`,
    });
    new CfnOutput(this, 'CustomDomainHostedZoneId', {
      value: domain.regionalHostedZoneId,
      description: 'The hosted zone of CustomDomainTarget, for a Route 53 alias record',
    });
    return domain;
  }

  /**
   * The public passport reads (`GET /dpp/{dppId}` from QR-code scans, and a version's document
   * that anyone verifying a notarization fetches) each get their own route throttle, so their
   * traffic is limited apart from the stage default that the authenticated routes share.
   */
  private throttleOwnRoute(stage: CfnStage, row: Route, route: HttpRoute, throttle: ThrottleConfig): void {
    stage.routeSettings = {
      ...(stage.routeSettings as Record<string, unknown> | undefined),
      [routeKeyOf(row)]: { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit },
    };
    // Route settings name a route key that must exist when the stage is updated.
    stage.node.addDependency(route);
  }

  /**
   * CloudWatch alarms, all to one SNS topic (context alarmTopicArn, or one made here), with
   * the thresholds of infra/config.ts (AlarmThresholds): API 5xx rate; per function (that
   * is, per route) errors, throttles and p99 duration; DynamoDB throttle events.
   */
  private addAlarms(config: StackConfig): ITopic {
    const thresholds = config.alarms;
    const period = Duration.minutes(thresholds.periodMinutes);
    let topic: ITopic;
    if (config.alarmTopicArn !== undefined) {
      topic = Topic.fromTopicArn(this, 'AlarmTopic', config.alarmTopicArn);
    } else {
      const created = new Topic(this, 'AlarmTopic', { displayName: `${this.stackName} alarms`, enforceSSL: true });
      // A topic policy replaces the default one, so CloudWatch (of this account only) is allowed explicitly.
      created.addToResourcePolicy(
        new PolicyStatement({
          principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
          actions: ['sns:Publish'],
          resources: [created.topicArn],
          conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
        }),
      );
      topic = created;
    }
    const action = new SnsAction(topic);
    const alarm = (
      id: string,
      description: string,
      metric: IMetric,
      threshold: number,
      comparison: ComparisonOperator,
      evaluationPeriods = 1,
    ): void => {
      const created = new Alarm(this, id, {
        alarmDescription: description,
        metric,
        threshold,
        comparisonOperator: comparison,
        evaluationPeriods,
        datapointsToAlarm: evaluationPeriods,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
    };
    const atLeast = ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD;

    alarm(
      'Api5xxRateAlarm',
      `HTTP API: ${thresholds.api5xxPercent}% or more of the answers in ${thresholds.periodMinutes} min were 5xx`,
      new MathExpression({
        expression: 'IF(requests > 0, 100 * errors / requests, 0)',
        usingMetrics: {
          errors: this.api.metricServerError({ statistic: 'Sum', period }),
          requests: this.api.metricCount({ statistic: 'Sum', period }),
        },
        label: '5xx rate (%)',
        period,
      }),
      thresholds.api5xxPercent,
      atLeast,
    );

    for (const route of this.routes) {
      const fn = this.functions.get(route.fn);
      if (!fn) continue;
      const id = functionId(route.fn);
      const name = isCatchAll(route) ? 'ANY $default' : `${route.method} ${route.path}`;
      alarm(
        `${id}ErrorsAlarm`,
        `${name}: ${thresholds.lambdaErrors}+ invocation errors in ${thresholds.periodMinutes} min`,
        fn.metricErrors({ statistic: 'Sum', period }),
        thresholds.lambdaErrors,
        atLeast,
      );
      alarm(
        `${id}ThrottlesAlarm`,
        `${name}: ${thresholds.lambdaThrottles}+ throttled invocations in ${thresholds.periodMinutes} min`,
        fn.metricThrottles({ statistic: 'Sum', period }),
        thresholds.lambdaThrottles,
        atLeast,
      );
      alarm(
        `${id}P99LatencyAlarm`,
        `${name}: p99 duration over ${thresholds.p99LatencyMs} ms for ${thresholds.latencyEvaluationPeriods} ` +
          `periods of ${thresholds.periodMinutes} min`,
        fn.metricDuration({ statistic: 'p99', period }),
        thresholds.p99LatencyMs,
        ComparisonOperator.GREATER_THAN_THRESHOLD,
        thresholds.latencyEvaluationPeriods,
      );
    }

    // The KYB retry worker: a failed run (VIES errors are not failures: the check stays PENDING) and throttling.
    // No latency alarm: a run takes as long as the pending checks' VIES answers, up to its timeout.
    const kybWorker = `${KYB_RETRY_WORKER_FN} (every ${KYB_RETRY_EVERY_MINUTES} min)`;
    alarm(
      `${functionId(KYB_RETRY_WORKER_FN)}ErrorsAlarm`,
      `${kybWorker}: ${thresholds.lambdaErrors}+ failed runs in ${thresholds.periodMinutes} min`,
      this.kybRetryWorker.metricErrors({ statistic: 'Sum', period }),
      thresholds.lambdaErrors,
      atLeast,
    );
    alarm(
      `${functionId(KYB_RETRY_WORKER_FN)}ThrottlesAlarm`,
      `${kybWorker}: ${thresholds.lambdaThrottles}+ throttled runs in ${thresholds.periodMinutes} min`,
      this.kybRetryWorker.metricThrottles({ statistic: 'Sum', period }),
      thresholds.lambdaThrottles,
      atLeast,
    );

    // The anchor worker: a notarization it gave up on (FAILED, its own metric), a stream record the mapping gave
    // up on (the dead-letter queue), and failed invocations. No throttle alarm: with reserved concurrency 1 the
    // mapping's invocations for the stream's other shards are throttled by design, and retried.
    alarm(
      `${functionId(ANCHOR_WORKER_FN)}FailedAlarm`,
      `${ANCHOR_WORKER_FN}: a notarization was not anchored after its last attempt (FAILED)`,
      new Metric({
        namespace: DEFAULT_METRICS_NAMESPACE,
        metricName: METRIC.notarizationsFailed,
        dimensionsMap: { service: SERVICE_NAME, route: ANCHOR_WORKER_FN },
        statistic: 'Sum',
        period,
      }),
      1,
      atLeast,
    );
    alarm(
      `${functionId(ANCHOR_WORKER_FN)}DeadLettersAlarm`,
      `${ANCHOR_WORKER_FN}: a stream record is in its dead-letter queue (the mapping gave it up)`,
      this.anchorDeadLetterQueue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period }),
      1,
      atLeast,
    );
    alarm(
      `${functionId(ANCHOR_WORKER_FN)}ErrorsAlarm`,
      `${ANCHOR_WORKER_FN}: ${thresholds.lambdaErrors}+ failed invocations in ${thresholds.periodMinutes} min`,
      this.anchorWorker.metricErrors({ statistic: 'Sum', period }),
      thresholds.lambdaErrors,
      atLeast,
    );

    // Throttle events of the table and of each index (a throttled index write throttles the table write).
    const throttleEvents: Record<string, IMetric> = {};
    const dimensionSets = [
      { TableName: this.table.tableName },
      ...tableSchema.globalIndexes.map((index) => ({
        TableName: this.table.tableName,
        GlobalSecondaryIndexName: index.name,
      })),
    ];
    dimensionSets.forEach((dimensionsMap, index) => {
      for (const [kind, metricName] of [
        ['read', 'ReadThrottleEvents'],
        ['write', 'WriteThrottleEvents'],
      ] as const) {
        throttleEvents[`${kind}${index}`] = new Metric({
          namespace: 'AWS/DynamoDB',
          metricName,
          dimensionsMap,
          statistic: 'Sum',
          period,
        });
      }
    });
    alarm(
      'DynamoDbThrottlesAlarm',
      `DynamoDB: ${thresholds.dynamoDbThrottleEvents}+ read or write throttle events in ${thresholds.periodMinutes} min`,
      new MathExpression({
        expression: Object.keys(throttleEvents)
          .map((id) => `FILL(${id}, 0)`)
          .join(' + '),
        usingMetrics: throttleEvents,
        label: 'throttle events',
        period,
      }),
      thresholds.dynamoDbThrottleEvents,
      atLeast,
    );
    return topic;
  }

  /**
   * The KYB retry worker (lib/kyb/worker.ts) and its schedule: EventBridge Scheduler invokes it
   * every KYB_RETRY_EVERY_MINUTES, through a role that may invoke exactly this function (not its
   * versions or aliases, which the L2 target's grant would add).
   */
  private addKybRetryWorker(opts: { config: StackConfig; functionsDir: string; projectRoot: string }): NodejsFunction {
    const fn = this.addFunction(
      {
        fn: KYB_RETRY_WORKER_FN,
        access: KYB_RETRY_ACCESS,
        // A worker takes no token: no JWT settings.
        auth: 'public',
        description: `Retries PENDING KYB checks with VIES every ${KYB_RETRY_EVERY_MINUTES} min`,
        timeoutSeconds: KYB_RETRY_TIMEOUT_SECONDS,
      },
      opts,
    );
    acknowledge(fn, NAG_ACKNOWLEDGEMENTS.kybRetryDeadLetterQueue);
    const schedulerRole = new Role(this, `${functionId(KYB_RETRY_WORKER_FN)}SchedulerRole`, {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
      description: `EventBridge Scheduler: invoke ${KYB_RETRY_WORKER_FN}`,
    });
    schedulerRole.addToPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }));
    new ScheduledRule(this, `${functionId(KYB_RETRY_WORKER_FN)}Schedule`, {
      description: `Retry PENDING KYB checks with VIES (${KYB_RETRY_WORKER_FN})`,
      schedule: ScheduleExpression.rate(Duration.minutes(KYB_RETRY_EVERY_MINUTES)),
      target: {
        bind: () => ({
          arn: fn.functionArn,
          role: schedulerRole,
          // Its context, for the worker's logs (lib/events/scheduled.ts, ScheduledRun).
          input: ScheduleTargetInput.fromObject({
            scheduledTime: ContextAttribute.scheduledTime,
            executionId: ContextAttribute.executionId,
          }),
          // A run missed is not worth a late one: the next comes within minutes.
          retryPolicy: { maximumRetryAttempts: 0, maximumEventAgeInSeconds: 60 },
        }),
      },
    });
    return fn;
  }

  /**
   * The anchor worker (lib/anchoring): the table's stream (KEYS_ONLY) feeds it through an event
   * source mapping filtered to new notarization records (NOTARIZATION_INSERTS, the filter the local
   * poller applies too), one record per invocation. A record it fails on is delivered again
   * (bisected, reported per item) up to STREAM_RETRY_ATTEMPTS times; the worker itself makes the
   * notarization FAILED after its last attempt, so a record reaches the dead-letter queue only
   * when even that did not work. Reserved concurrency 1: one anchoring key, whose nonces must be
   * used by one transaction at a time, while a table stream has several shards, each of which
   * would otherwise get an invocation of its own at the same time.
   */
  private addAnchorWorker(opts: { config: StackConfig; functionsDir: string; projectRoot: string }): NodejsFunction {
    const { evm } = opts.config;
    const fn = this.addFunction(
      {
        fn: ANCHOR_WORKER_FN,
        access: ANCHOR_WORKER_ACCESS,
        // A worker takes no token: no JWT settings.
        auth: 'public',
        description: `Anchors new notarizations on EVM chain ${evm.chainId} (the table's stream)`,
        timeoutSeconds: WORKER_TIMEOUT_SECONDS,
        reservedConcurrentExecutions: 1,
      },
      opts,
    );
    // Also grants the stream reads (and ListStreams) and sqs:SendMessage on the dead-letter queue.
    fn.addEventSource(
      new DynamoEventSource(this.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 1,
        filters: [FilterCriteria.filter(NOTARIZATION_INSERTS)],
        retryAttempts: STREAM_RETRY_ATTEMPTS,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.anchorDeadLetterQueue),
      }),
    );
    acknowledge(fn, NAG_ACKNOWLEDGEMENTS.anchorWorkerDeadLetterQueue);
    if (fn.role) acknowledge(fn.role, NAG_ACKNOWLEDGEMENTS.anchorWorkerStarResource);
    return fn;
  }

  private addRouteFunction(
    route: Route,
    opts: { config: StackConfig; functionsDir: string; projectRoot: string },
  ): NodejsFunction {
    const fn = this.addFunction({ ...route, description: `${route.method} ${route.path}` }, opts);
    acknowledge(fn, NAG_ACKNOWLEDGEMENTS.deadLetterQueue);
    return fn;
  }

  /** A function of a route row or a worker: its own log group and role, exactly the grants of its access. */
  private addFunction(
    route: FunctionRow,
    opts: { config: StackConfig; functionsDir: string; projectRoot: string },
  ): NodejsFunction {
    const { config } = opts;
    const id = functionId(route.fn);

    const logGroup = new LogGroup(this, `${id}Logs`, { retention: config.logRetention });

    // Own role: writes only to its own log group, plus exactly the grants of its row.
    const role = new Role(this, `${id}Role`, {
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
    if (route.access.bucket?.length) {
      const bucketArn = `<${this.getLogicalId(this.bucket.node.defaultChild as CfnBucket)}.Arn>`;
      acknowledge(
        role,
        NAG_ACKNOWLEDGEMENTS.bucketObjects,
        NAG_ACKNOWLEDGEMENTS.bucketObjects.rule.replace('<Bucket.Arn>', bucketArn),
      );
    }

    const fn = new NodejsFunction(this, id, {
      entry: join(opts.functionsDir, `${route.fn}.ts`),
      handler: 'handler',
      description: route.description.slice(0, 256),
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: Duration.seconds(route.timeoutSeconds ?? 10),
      reservedConcurrentExecutions: route.reservedConcurrentExecutions,
      role,
      logGroup,
      // X-Ray segments of each invocation and its AWS calls, without bundling a tracing SDK.
      tracing: Tracing.ACTIVE,
      environment: this.environmentFor(route, config),
      projectRoot: opts.projectRoot,
      depsLockFilePath: join(opts.projectRoot, LOCK_FILE),
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        minify: true,
        // index.mjs.map beside the bundle, for NODE_OPTIONS=--enable-source-maps: a logged stack
        // names source files and lines. Mappings only: the sources themselves are not shipped.
        sourceMap: true,
        sourcesContent: false,
        target: NODE_TARGET,
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_BANNER,
        // Bundle the pinned @aws-sdk/* (tree-shaken) instead of the runtime's unpinned copy.
        bundleAwsSDK: true,
        // esbuild's per-file size summary is noise in synth and test output; warnings still show.
        logLevel: LogLevel.WARNING,
      },
    });
    return fn;
  }

  /** The settings a function reads (lib/config.ts), from its row only. */
  private environmentFor(route: Pick<Route, 'access' | 'auth'>, config: StackConfig): Record<string, string> {
    const { access } = route;
    return {
      ...(access.table ? { TABLE_NAME: this.table.tableName } : {}),
      ...(access.bucket?.length ? { BUCKET_NAME: this.bucket.bucketName } : {}),
      ...(access.email ? { SES_FROM_ADDRESS: config.sesFromAddress } : {}),
      ...(access.translate ? { TRANSLATE_PROVIDER: 'aws' } : {}),
      ...(access.signingKey ? { JWT_SIGNING_KEY_SECRET_ID: this.signingKeySecret.secretArn } : {}),
      ...(access.cursorKey ? { CURSOR_KEY_SECRET_ID: this.cursorKeySecret.secretArn } : {}),
      ...(access.vies ? { VIES_URL: VIES_REST_URL } : {}),
      // Public links (a version's uri, an invitation's link).
      ...(access.links ? { PUBLIC_BASE_URL: this.publicBaseUrl } : {}),
      ...(access.stripe ? { STRIPE_SECRET_KEY_SECRET_ID: this.stripeKeySecret.secretArn } : {}),
      ...(access.anchoring
        ? {
            TABLE_NAME: this.table.tableName,
            EVM_RPC_URL: config.evm.rpcUrl,
            EVM_CHAIN_ID: String(config.evm.chainId),
            EVM_EXPLORER_URL: config.evm.explorerUrl,
            ANCHOR_KEY_SECRET_ID: this.anchorKeySecret.secretArn,
          }
        : {}),
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
    const { access } = route;
    const statements: PolicyStatement[] = [];
    if (access.table) {
      statements.push(
        new PolicyStatement({ actions: [...TABLE_ACTIONS[access.table]], resources: [this.table.tableArn] }),
      );
    }
    if (access.anchoring) {
      // A notarization record is read and updated, never queried, put or deleted.
      statements.push(
        new PolicyStatement({ actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'], resources: [this.table.tableArn] }),
        new PolicyStatement({
          actions: ['secretsmanager:GetSecretValue'],
          resources: [this.anchorKeySecret.secretArn],
        }),
      );
    }
    if (access.tableIndexes) {
      // Only Query reaches an index; each index by name, no wildcard.
      statements.push(
        new PolicyStatement({
          actions: ['dynamodb:Query'],
          resources: tableSchema.globalIndexes.map((index) => `${this.table.tableArn}/index/${index.name}`),
        }),
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
    if (access.cursorKey) {
      statements.push(
        new PolicyStatement({
          actions: ['secretsmanager:GetSecretValue'],
          resources: [this.cursorKeySecret.secretArn],
        }),
      );
    }
    if (access.stripe) {
      statements.push(
        new PolicyStatement({
          actions: ['secretsmanager:GetSecretValue'],
          resources: [this.stripeKeySecret.secretArn],
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
