/**
 * The deployment settings of the CDK app: the one place CDK context is read.
 *
 * Values come from cdk.json (`context`) or the command line (`-c key=value`, always a
 * string there, so lists and objects are also accepted as JSON text). A bad value stops
 * the synth with a message naming the key. Most values have a default; two do not have one
 * a deployment may keep: the JWT public key(s) and a CORS origin other than localhost.
 * Without them the synth stops, unless `-c sandbox=true` says the deployment is a
 * throwaway sandbox (then the stack only warns).
 */
import { createPublicKey } from 'node:crypto';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

export interface ThrottleConfig {
  /** Steady-state requests per second for the whole stage. */
  rateLimit: number;
  /** Burst bucket size. */
  burstLimit: number;
}

/**
 * When an alarm fires (infra/constructs/alarms.ts): every threshold of the stack, in one place.
 * Context `alarms` may override any of them, e.g. `-c alarms='{"p99LatencyMs":5000}'`.
 */
export interface AlarmThresholds {
  /** Minutes per evaluation period (CloudWatch takes whole minutes here). */
  periodMinutes: number;
  /** API answers with a 5xx status, in percent of all answers in a period. */
  api5xxPercent: number;
  /** Lambda `Errors` (invocations that threw or crashed the runtime) of one function in a period. */
  lambdaErrors: number;
  /** Lambda `Throttles` of one function in a period. */
  lambdaThrottles: number;
  /** p99 `Duration` of one function, that is of one route (one function per route), in milliseconds. */
  p99LatencyMs: number;
  /** Consecutive periods over p99LatencyMs before the latency alarm fires (one slow minute is not an outage). */
  latencyEvaluationPeriods: number;
  /** DynamoDB read + write throttle events of the table and its indexes in a period. */
  dynamoDbThrottleEvents: number;
  /**
   * Age in ms of the oldest table-stream record the anchor worker has not taken yet (Lambda's
   * `IteratorAge`, maximum in a period): past it, new notarizations are waiting, not being anchored.
   */
  streamIteratorAgeMs: number;
}

/** The EVM chain notarizations are anchored on (lib/anchoring). */
export interface EvmConfig {
  /** JSON-RPC endpoint of a node of the chain (EVM_RPC_URL). */
  rpcUrl: string;
  /** The chain's id (EVM_CHAIN_ID): the worker signs nothing for a node that says it is another chain. */
  chainId: number;
  /** Block explorer base: a transaction's link is `<explorerUrl>/tx/<hash>` (EVM_EXPLORER_URL). */
  explorerUrl: string;
}

/** Where the back-up copy lives: another account and region, a table and an Object Lock bucket there. */
export interface BackupConfig {
  account: string;
  region: string;
  tableName: string;
  bucketName: string;
  /** Object Lock's default retention of every copied object, compliance mode (no one can shorten it). */
  retentionYears: number;
}

/**
 * The API's own domain (context domainName + certificateArn): API Gateway serves the HTTP API
 * there (a regional custom domain, TLS 1.2), and only there (the execute-api endpoint is off).
 */
export interface CustomDomainConfig {
  /** The host name clients and the service's links use, e.g. dpp.example.com (lower case). */
  domainName: string;
  /** An ACM certificate covering domainName, in the stack's region. */
  certificateArn: string;
}

export type LogLevel = 'TRACE' | 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'CRITICAL' | 'SILENT';

export interface StackConfig {
  /** CloudFormation stack name (context `stackName`). */
  stackName: string;
  /** Deployment target; both absent means an environment-agnostic stack. */
  account?: string;
  region?: string;
  /** From-address of every e-mail; an SES email identity is created for it. */
  sesFromAddress: string;
  jwtIssuer: string;
  jwtAudience: string;
  /**
   * The ES256 verification keys as canonical SPKI PEMs: the current key and, during a
   * rotation, the previous one. Empty only in a sandbox (the stack warns).
   */
  jwtPublicKeys: string[];
  /** Retention of every function's log group. */
  logRetention: RetentionDays;
  /** LOG_LEVEL of every function. */
  logLevel: LogLevel;
  /** Browser origins allowed by CORS. */
  corsAllowOrigins: string[];
  /** Default throttle of every route of the stage. */
  throttle: ThrottleConfig;
  /** The public `GET /dpp/{dppId}`'s own throttle, so QR-code traffic cannot use up the others' share. */
  publicDppThrottle: ThrottleConfig;
  /** SNS topic the alarms notify; absent: the stack creates one and outputs its ARN. */
  alarmTopicArn?: string;
  /** The chain notarizations are anchored on (context evmRpcUrl, evmChainId, evmExplorerUrl; Sepolia in a sandbox). */
  evm: EvmConfig;
  /** The API's own domain (context domainName + certificateArn); absent: the API answers at its execute-api URL. */
  customDomain?: CustomDomainConfig;
  /**
   * Base of the public links the service writes: context publicBaseUrl when given (e.g. a CDN or
   * proxy in front of the API), else `https://<domainName>` with a custom domain and no `cdn`;
   * absent: the stack uses the distribution's address with `cdn`, else the API's own URL.
   */
  publicBaseUrl?: string;
  /**
   * Context backupBaseUrl: the https base URL of the back-up copy (EN 18221), whose `/dpp/{dppId}`
   * is a passport's `backupURL` in its EU registry record (BACKUP_BASE_URL of the rows with
   * access.backup). Absent: the records answer 409 REGISTRY_RECORD_INCOMPLETE naming `backupURL`.
   */
  backupBaseUrl?: string;
  /**
   * The back-up copy's resources (EN 18221; docs/deploy.md, The back-up copy): context
   * backupAccount, backupRegion, backupTableName, backupBucketName, backupRetentionYears. On the
   * primary (role `primary`) they add S3 replication of the bucket and the replicator of the table
   * into them; on the back-up (role `backup`) they are its own table and bucket. Absent: no back-up.
   */
  backup?: BackupConfig;
  /**
   * Context `role`: `primary` (default) deploys the whole service; `backup` deploys the back-up
   * provider's read-only copy (infra/backup-stack.ts): the read routes only, on the back-up's own
   * table and Object Lock bucket, which the primary's account (context primaryAccount) may write.
   */
  role: 'primary' | 'backup';
  /** Context primaryAccount (role `backup`): the account whose replication writes the back-up's table and bucket. */
  primaryAccount?: string;
  /** The Stripe price of the plan a promotional code subscribes to (`price_…`); absent: the stack warns. */
  stripePriceId?: string;
  alarms: AlarmThresholds;
  /**
   * Context `cdn=true`: the public reads behind a CloudFront distribution (infra/constructs/cdn.ts),
   * whose address is then the links' base unless publicBaseUrl is given.
   */
  cdn: boolean;
  /**
   * Context `cdnRateLimit=<n>` (with cdn, a stack in us-east-1): an AWS WAF web ACL on the
   * distribution that blocks an IP address past n requests in 5 minutes.
   */
  cdnRateLimit?: number;
  /** Context `cdnWebAclArn=<arn>` (with cdn): a web ACL of your own (scope CLOUDFRONT) on the distribution. */
  cdnWebAclArn?: string;
  /** Context `sandbox=true`: a throwaway deployment that may keep the defaults above. */
  sandbox: boolean;
  /** What a sandbox deployment keeps that a real one may not (the stack shows each as a warning). */
  sandboxWarnings: string[];
}

/** The context keys this app reads, with what a missing key means. */
export const CONTEXT_DEFAULTS = {
  stackName: 'DppService',
  sesFromAddress: 'no-reply@example.com',
  jwtIssuer: 'dpp-service',
  jwtAudience: 'dpp-service',
  logRetentionDays: 30,
  logLevel: 'INFO',
  corsAllowOrigins: ['http://localhost:5173'],
  throttle: { rateLimit: 50, burstLimit: 100 },
  publicDppThrottle: { rateLimit: 25, burstLimit: 50 },
  alarms: {
    periodMinutes: 5,
    api5xxPercent: 1,
    lambdaErrors: 1,
    lambdaThrottles: 1,
    p99LatencyMs: 3000,
    latencyEvaluationPeriods: 3,
    dynamoDbThrottleEvents: 1,
    streamIteratorAgeMs: 600_000,
  },
} as const;

/**
 * The chain a sandbox (-c sandbox=true) anchors on when the evm* context is not given: Sepolia,
 * Ethereum's public test network, through a public node. A real deployment must name its own.
 */
export const SANDBOX_EVM: EvmConfig = {
  rpcUrl: 'https://ethereum-sepolia-rpc.publicnode.com',
  chainId: 11155111,
  explorerUrl: 'https://sepolia.etherscan.io',
};

/** At most this many public keys: each is ~180 bytes of a Lambda environment capped at 4 KB. */
export const MAX_JWT_PUBLIC_KEYS = 4;

const LOG_LEVELS: readonly LogLevel[] = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT'];

/** The retention periods CloudWatch Logs accepts (RetentionDays without INFINITE). */
const RETENTION_DAYS: ReadonlySet<number> = new Set(
  Object.values(RetentionDays).filter(
    (value): value is number => typeof value === 'number' && value !== RetentionDays.INFINITE,
  ),
);

export class StackConfigError extends Error {
  override name = 'StackConfigError';
  constructor(key: string | readonly string[], message: string) {
    const keys = (typeof key === 'string' ? [key] : key).map((name) => `"${name}"`).join(', ');
    super(`Invalid CDK context ${keys}: ${message}`);
  }
}

/** Loopback hosts: an origin only a developer's own machine can be. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Reads and validates every context value of the app. `scope` is the App (or any construct). */
export function readStackConfig(scope: Construct): StackConfig {
  const raw = (key: string): unknown => scope.node.tryGetContext(key);

  const account = optionalString(raw('account'), 'account');
  const region = optionalString(raw('region'), 'region');
  if (account !== undefined && !/^\d{12}$/.test(account)) {
    throw new StackConfigError('account', `expected a 12-digit AWS account id, got "${account}"`);
  }
  if (region !== undefined && !/^[a-z]{2}(-[a-z]+)+-\d$/.test(region)) {
    throw new StackConfigError('region', `expected an AWS region such as eu-central-1, got "${region}"`);
  }

  const stackName = optionalString(raw('stackName'), 'stackName') ?? CONTEXT_DEFAULTS.stackName;
  if (!/^[A-Za-z][A-Za-z0-9-]{0,127}$/.test(stackName)) {
    throw new StackConfigError('stackName', `"${stackName}" is not a valid CloudFormation stack name`);
  }

  const sesFromAddress = optionalString(raw('sesFromAddress'), 'sesFromAddress') ?? CONTEXT_DEFAULTS.sesFromAddress;
  if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(sesFromAddress)) {
    throw new StackConfigError('sesFromAddress', `expected a plain e-mail address, got "${sesFromAddress}"`);
  }

  const jwtIssuer = optionalString(raw('jwtIssuer'), 'jwtIssuer') ?? CONTEXT_DEFAULTS.jwtIssuer;
  const jwtAudience = optionalString(raw('jwtAudience'), 'jwtAudience') ?? CONTEXT_DEFAULTS.jwtAudience;

  const jwtPublicKeys = readPublicKeys(raw('jwtPublicKeys'), raw('jwtPublicKey'));
  const corsAllowOrigins = readOrigins(raw('corsAllowOrigins'));
  const sandbox = readFlag(raw('sandbox'), 'sandbox');

  const logRetentionDays =
    optionalNumber(raw('logRetentionDays'), 'logRetentionDays') ?? CONTEXT_DEFAULTS.logRetentionDays;
  if (!RETENTION_DAYS.has(logRetentionDays)) {
    throw new StackConfigError(
      'logRetentionDays',
      `${logRetentionDays} is not a CloudWatch Logs retention period; use one of ${[...RETENTION_DAYS].sort((a, b) => a - b).join(', ')}`,
    );
  }

  const alarmTopicArn = optionalString(raw('alarmTopicArn'), 'alarmTopicArn');
  if (
    alarmTopicArn !== undefined &&
    !/^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,256}$/.test(alarmTopicArn)
  ) {
    throw new StackConfigError(
      'alarmTopicArn',
      `expected the ARN of a standard SNS topic (arn:aws:sns:<region>:<account>:<name>), got "${alarmTopicArn}"`,
    );
  }

  const stripePriceId = optionalString(raw('stripePriceId'), 'stripePriceId');
  if (stripePriceId !== undefined && !/^price_[A-Za-z0-9_]+$/.test(stripePriceId)) {
    throw new StackConfigError(
      'stripePriceId',
      `expected the id of a Stripe price (price_...), got "${stripePriceId}"`,
    );
  }

  const evm = readEvm(raw('evmRpcUrl'), raw('evmChainId'), raw('evmExplorerUrl'));
  const customDomain = readCustomDomain(raw('domainName'), raw('certificateArn'), { account, region });
  const cdn = readFlag(raw('cdn'), 'cdn');
  const { cdnRateLimit, cdnWebAclArn } = readWebAcl(raw('cdnRateLimit'), raw('cdnWebAclArn'), { cdn, region });
  // An explicit publicBaseUrl wins: it is what clients reach (a CDN or proxy may sit in front of the domain).
  // With the stack's own CDN and none given, the stack uses the distribution's address.
  const publicBaseUrl =
    readBaseUrl(raw('publicBaseUrl'), 'publicBaseUrl') ??
    (customDomain !== undefined && !cdn ? `https://${customDomain.domainName}` : undefined);

  const backupBaseUrl = readBaseUrl(raw('backupBaseUrl'), 'backupBaseUrl');
  const role = optionalString(raw('role'), 'role') ?? 'primary';
  if (role !== 'primary' && role !== 'backup') {
    throw new StackConfigError('role', `expected "primary" or "backup", got "${role}"`);
  }
  // On the back-up's own deployment its account and region are the back-up's: the checks against the primary's are the primary's.
  const backup = readBackup(raw, role === 'primary' ? { account, region } : {});
  const primaryAccount = optionalString(raw('primaryAccount'), 'primaryAccount');
  if (primaryAccount !== undefined && !/^\d{12}$/.test(primaryAccount)) {
    throw new StackConfigError('primaryAccount', `expected a 12-digit AWS account id, got "${primaryAccount}"`);
  }
  if (role === 'backup' && (backup === undefined || primaryAccount === undefined)) {
    throw new StackConfigError(
      [...(backup === undefined ? ['backupAccount'] : []), ...(primaryAccount === undefined ? ['primaryAccount'] : [])],
      'a back-up deployment (-c role=backup) needs its own resources (backupAccount, backupRegion, backupTableName, ' +
        'backupBucketName) and the account that replicates into them (primaryAccount)',
    );
  }

  const logLevel = (optionalString(raw('logLevel'), 'logLevel') ?? CONTEXT_DEFAULTS.logLevel).toUpperCase();
  if (!isLogLevel(logLevel)) {
    throw new StackConfigError('logLevel', `"${logLevel}" is not one of ${LOG_LEVELS.join(', ')}`);
  }

  const throttle = readThrottle(raw('throttle'), 'throttle', CONTEXT_DEFAULTS.throttle);
  const publicDppThrottle = readThrottle(
    raw('publicDppThrottle'),
    'publicDppThrottle',
    CONTEXT_DEFAULTS.publicDppThrottle,
  );
  const alarms = readAlarms(raw('alarms'));

  // Last, so that a malformed value is named before a missing one.
  const defaultsKept = defaultsADeploymentMayNotKeep(jwtPublicKeys, corsAllowOrigins);
  defaultsKept.push(...evmDefaultsKept(evm));
  if (defaultsKept.length > 0 && !sandbox) {
    throw new StackConfigError(
      defaultsKept.map(({ key }) => key),
      `${defaultsKept.map(({ problem }) => problem).join('; ')}. (For a throwaway sandbox, -c sandbox=true deploys ` +
        'with these defaults and warns.)',
    );
  }

  return {
    stackName,
    ...(account !== undefined ? { account } : {}),
    ...(region !== undefined ? { region } : {}),
    sesFromAddress,
    jwtIssuer,
    jwtAudience,
    jwtPublicKeys,
    logRetention: logRetentionDays as RetentionDays,
    logLevel,
    corsAllowOrigins,
    throttle,
    publicDppThrottle,
    ...(alarmTopicArn !== undefined ? { alarmTopicArn } : {}),
    // Only a sandbox gets here with evm* missing (see defaultsKept): Sepolia for what it left out.
    evm: { ...SANDBOX_EVM, ...evm },
    ...(customDomain !== undefined ? { customDomain } : {}),
    ...(publicBaseUrl !== undefined ? { publicBaseUrl } : {}),
    ...(backupBaseUrl !== undefined ? { backupBaseUrl } : {}),
    ...(backup !== undefined ? { backup } : {}),
    role,
    ...(primaryAccount !== undefined ? { primaryAccount } : {}),
    ...(stripePriceId !== undefined ? { stripePriceId } : {}),
    alarms,
    cdn,
    ...(cdnRateLimit !== undefined ? { cdnRateLimit } : {}),
    ...(cdnWebAclArn !== undefined ? { cdnWebAclArn } : {}),
    sandbox,
    sandboxWarnings: defaultsKept.map(({ key, problem }) => `Sandbox deployment keeps "${key}": ${problem}.`),
  };
}

/** Default Object Lock retention of the back-up's objects (EN 18221 asks for the passport's life; ESPR's minimum is 10 years). */
export const DEFAULT_BACKUP_RETENTION_YEARS = 10;

/**
 * The back-up's resources: all of backupAccount, backupRegion, backupTableName and
 * backupBucketName, or none; backupRetentionYears (default 10). The back-up is another provider's:
 * its account must differ from the primary's, and its region too (a second region survives the
 * first one's outage).
 */
function readBackup(
  raw: (key: string) => unknown,
  primary: { account?: string; region?: string },
): BackupConfig | undefined {
  const account = optionalString(raw('backupAccount'), 'backupAccount');
  const region = optionalString(raw('backupRegion'), 'backupRegion');
  const tableName = optionalString(raw('backupTableName'), 'backupTableName');
  const bucketName = optionalString(raw('backupBucketName'), 'backupBucketName');
  const retention = optionalNumber(raw('backupRetentionYears'), 'backupRetentionYears');
  const given = {
    backupAccount: account,
    backupRegion: region,
    backupTableName: tableName,
    backupBucketName: bucketName,
  };
  const missing = Object.entries(given).filter(([, value]) => value === undefined);
  if (missing.length === 4) {
    if (retention !== undefined)
      throw new StackConfigError('backupRetentionYears', 'given without a back-up (backupAccount, …)');
    return undefined;
  }
  if (missing.length > 0 || !account || !region || !tableName || !bucketName) {
    throw new StackConfigError(
      missing.map(([key]) => key),
      'a back-up needs all of backupAccount, backupRegion, backupTableName and backupBucketName',
    );
  }
  if (!/^\d{12}$/.test(account)) {
    throw new StackConfigError('backupAccount', `expected a 12-digit AWS account id, got "${account}"`);
  }
  if (!/^[a-z]{2}(-[a-z]+)+-\d$/.test(region)) {
    throw new StackConfigError('backupRegion', `expected an AWS region such as eu-west-1, got "${region}"`);
  }
  if (!/^[A-Za-z0-9_.-]{3,255}$/.test(tableName)) {
    throw new StackConfigError('backupTableName', `"${tableName}" is not a DynamoDB table name`);
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucketName)) {
    throw new StackConfigError('backupBucketName', `"${bucketName}" is not an S3 bucket name`);
  }
  if (primary.account !== undefined && primary.account === account) {
    throw new StackConfigError(
      'backupAccount',
      'the back-up is another provider’s: its account must not be the primary’s',
    );
  }
  if (primary.region !== undefined && primary.region === region) {
    throw new StackConfigError('backupRegion', 'the back-up must be in another region than the primary');
  }
  const retentionYears = retention ?? DEFAULT_BACKUP_RETENTION_YEARS;
  if (!Number.isInteger(retentionYears) || retentionYears < 1 || retentionYears > 100) {
    throw new StackConfigError(
      'backupRetentionYears',
      `expected a whole number of years from 1 to 100, got ${retentionYears}`,
    );
  }
  return { account, region, tableName, bucketName, retentionYears };
}

/** The defaults only a throwaway sandbox may deploy with, each with what to pass instead. */
function defaultsADeploymentMayNotKeep(
  jwtPublicKeys: readonly string[],
  corsAllowOrigins: readonly string[],
): { key: string; problem: string }[] {
  const kept: { key: string; problem: string }[] = [];
  if (jwtPublicKeys.length === 0) {
    kept.push({
      key: 'jwtPublicKeys',
      problem:
        'no JWT public key, so every authenticated route would fail at cold start. Pass the SPKI PEM of the ES256 ' +
        'public key whose private key is in the signing-key secret, e.g. ' +
        `-c jwtPublicKeys="$(tr -d '\\n' < .keys/jwt-public.pem)"`,
    });
  }
  const loopback = corsAllowOrigins.filter((origin) => origin !== '*' && LOOPBACK_HOSTS.has(new URL(origin).hostname));
  if (loopback.length > 0) {
    kept.push({
      key: 'corsAllowOrigins',
      problem:
        `${loopback.join(', ')} is a development origin. Name the browser origin(s) of the web app, ` +
        'e.g. -c corsAllowOrigins=https://app.example.com',
    });
  }
  return kept;
}

/** Context evmRpcUrl, evmChainId and evmExplorerUrl: each checked when given. */
function readEvm(rpcUrl: unknown, chainId: unknown, explorerUrl: unknown): Partial<EvmConfig> {
  const evm: Partial<EvmConfig> = {};
  const rpc = optionalString(rpcUrl, 'evmRpcUrl');
  if (rpc !== undefined) evm.rpcUrl = readHttpUrl(rpc, 'evmRpcUrl', 'the JSON-RPC URL of a node of the chain').href;
  const id = optionalNumber(chainId, 'evmChainId');
  if (id !== undefined) {
    if (!Number.isSafeInteger(id) || id <= 0) {
      throw new StackConfigError(
        'evmChainId',
        `expected a chain id (a positive integer, e.g. 1 or 11155111), got ${id}`,
      );
    }
    evm.chainId = id;
  }
  const explorer = optionalString(explorerUrl, 'evmExplorerUrl');
  if (explorer !== undefined) evm.explorerUrl = readBaseUrl(explorer, 'evmExplorerUrl');
  return evm;
}

/** The evm* keys a deployment left out: a sandbox takes Sepolia's (SANDBOX_EVM), anything else must name its chain. */
function evmDefaultsKept(evm: Partial<EvmConfig>): { key: string; problem: string }[] {
  const missing: { key: keyof EvmConfig; context: string; what: string; example: string }[] = [
    {
      key: 'rpcUrl',
      context: 'evmRpcUrl',
      what: 'no EVM JSON-RPC node',
      example: 'https://<your node or provider URL>',
    },
    { key: 'chainId', context: 'evmChainId', what: 'no EVM chain id', example: '1' },
    { key: 'explorerUrl', context: 'evmExplorerUrl', what: 'no block explorer base', example: 'https://etherscan.io' },
  ];
  return missing
    .filter(({ key }) => evm[key] === undefined)
    .map(({ key, context, what, example }) => ({
      key: context,
      problem:
        `${what} (a sandbox anchors on Sepolia's: ${SANDBOX_EVM[key]}). Name the chain notarizations are anchored ` +
        `on, e.g. -c ${context}=${example}`,
    }));
}

/** One DNS label: letters, digits and hyphens, 1-63 characters, no hyphen at either end. */
const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** An ACM certificate: arn:<partition>:acm:<region>:<account>:certificate/<uuid>. */
const ACM_CERTIFICATE_ARN =
  /^arn:aws[a-z-]*:acm:([a-z]{2}(?:-[a-z]+)+-\d):(\d{12}):certificate\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Context domainName and certificateArn: both or neither. The certificate must be ACM's, of the
 * stack's region (a regional API Gateway domain takes a certificate of its own region), so a
 * custom domain needs context region; and of the stack's account when one is given.
 */
function readCustomDomain(
  domainValue: unknown,
  arnValue: unknown,
  stack: { account: string | undefined; region: string | undefined },
): CustomDomainConfig | undefined {
  const domainName = optionalString(domainValue, 'domainName')?.toLowerCase();
  const certificateArn = optionalString(arnValue, 'certificateArn');
  if (domainName === undefined && certificateArn === undefined) return undefined;
  if (certificateArn === undefined) {
    throw new StackConfigError(
      'certificateArn',
      `domainName "${domainName}" needs the ARN of an ACM certificate for it, in the stack's region ` +
        '(-c certificateArn=arn:aws:acm:<region>:<account>:certificate/<id>)',
    );
  }
  if (domainName === undefined) {
    throw new StackConfigError(
      'domainName',
      'certificateArn is given without the host name it is for (-c domainName=dpp.example.com)',
    );
  }
  if (domainName.includes('/') || domainName.includes(':')) {
    throw new StackConfigError('domainName', `expected a host name only, such as dpp.example.com, got "${domainName}"`);
  }
  const labels = domainName.split('.');
  if (
    domainName.length > 253 ||
    labels.length < 2 ||
    !labels.every((label) => HOST_LABEL.test(label)) ||
    /^\d+$/.test(labels.at(-1) ?? '')
  ) {
    throw new StackConfigError(
      'domainName',
      `expected a host name such as dpp.example.com (no wildcard, no trailing dot), got "${domainName}"`,
    );
  }
  const match = ACM_CERTIFICATE_ARN.exec(certificateArn);
  if (!match) {
    throw new StackConfigError(
      'certificateArn',
      `expected the ARN of an ACM certificate (arn:aws:acm:<region>:<account>:certificate/<id>), got "${certificateArn}"`,
    );
  }
  const [, certificateRegion, certificateAccount] = match;
  if (stack.region === undefined) {
    throw new StackConfigError(
      'region',
      `a custom domain takes a certificate of the stack's region: pass the region the stack deploys to ` +
        `(the certificate's is ${certificateRegion}: -c region=${certificateRegion})`,
    );
  }
  if (certificateRegion !== stack.region) {
    throw new StackConfigError(
      'certificateArn',
      `the certificate is in ${certificateRegion}, the stack in ${stack.region}: a regional API Gateway domain ` +
        `takes an ACM certificate of its own region (not us-east-1's, unless the stack is there); request or ` +
        `import one for ${domainName} in ${stack.region}`,
    );
  }
  if (stack.account !== undefined && certificateAccount !== stack.account) {
    throw new StackConfigError(
      'certificateArn',
      `the certificate belongs to account ${certificateAccount}, the stack to ${stack.account}`,
    );
  }
  return { domainName, certificateArn };
}

function readHttpUrl(value: string, key: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new StackConfigError(key, `expected ${what} (https://...), got "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new StackConfigError(key, `expected ${what} (https://...), got "${value}"`);
  }
  return url;
}

/** An https base URL, kept without a trailing slash (links are `<base>/...`); no query or fragment. */
function readBaseUrl(value: unknown, key: string): string | undefined {
  const text = optionalString(value, key);
  if (text === undefined) return undefined;
  const url = readHttpUrl(text, key, 'an https base URL');
  if (url.protocol !== 'https:' || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new StackConfigError(key, `expected an https base URL with no query or fragment, got "${text}"`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

function optionalString(value: unknown, key: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new StackConfigError(key, `expected a string, got ${JSON.stringify(value)}`);
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * The CDN's web ACL: `cdnRateLimit` (requests per IP address in 5 minutes, AWS WAF's 10 to
 * 2,000,000,000) makes one in the stack, which CloudFront allows only in us-east-1;
 * `cdnWebAclArn` attaches one made elsewhere. Either needs `cdn`, and not both.
 */
function readWebAcl(
  rateLimit: unknown,
  webAclArn: unknown,
  { cdn, region }: { cdn: boolean; region: string | undefined },
): { cdnRateLimit?: number; cdnWebAclArn?: string } {
  const cdnRateLimit = optionalNumber(rateLimit, 'cdnRateLimit');
  const cdnWebAclArn = optionalString(webAclArn, 'cdnWebAclArn');
  if (cdnRateLimit === undefined && cdnWebAclArn === undefined) return {};
  const key = cdnRateLimit !== undefined ? 'cdnRateLimit' : 'cdnWebAclArn';
  if (!cdn) throw new StackConfigError(key, 'a web ACL protects the CDN: pass cdn=true too');
  if (cdnRateLimit !== undefined && cdnWebAclArn !== undefined) {
    throw new StackConfigError(
      ['cdnRateLimit', 'cdnWebAclArn'],
      'pass one of them: put the rate-based rule in your own web ACL',
    );
  }
  if (cdnRateLimit !== undefined) {
    if (!Number.isInteger(cdnRateLimit) || cdnRateLimit < 10 || cdnRateLimit > 2_000_000_000) {
      throw new StackConfigError(
        'cdnRateLimit',
        `expected requests per IP address in 5 minutes, 10 to 2000000000, got ${cdnRateLimit}`,
      );
    }
    if (region !== 'us-east-1') {
      throw new StackConfigError(
        'cdnRateLimit',
        "CloudFront's web ACLs live in us-east-1: deploy the stack there (-c region=us-east-1), or create the web ACL " +
          'in us-east-1 (docs/deploy.md, The CDN) and pass -c cdnWebAclArn=<its ARN>',
      );
    }
    return { cdnRateLimit };
  }
  if (
    cdnWebAclArn === undefined ||
    !/^arn:aws[a-z-]*:wafv2:us-east-1:\d{12}:global\/webacl\/[A-Za-z0-9_-]{1,128}\/[0-9a-f-]{36}$/.test(cdnWebAclArn)
  ) {
    throw new StackConfigError(
      'cdnWebAclArn',
      `expected the ARN of a CloudFront web ACL (arn:aws:wafv2:us-east-1:<account>:global/webacl/<name>/<id>), got "${cdnWebAclArn}"`,
    );
  }
  return { cdnWebAclArn };
}

function optionalNumber(value: unknown, key: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const number = typeof value === 'string' ? Number(value.trim()) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) {
    throw new StackConfigError(key, `expected a number, got ${JSON.stringify(value)}`);
  }
  return number;
}

/** A value that may arrive as JSON text from `-c key=...`. */
function parseJsonText(value: unknown, key: string): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!text.startsWith('[') && !text.startsWith('{')) return value;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new StackConfigError(key, `not valid JSON: ${text}`);
  }
}

const PEM_BEGIN = '-----BEGIN PUBLIC KEY-----';
const PEM_END = '-----END PUBLIC KEY-----';
const PUBLIC_KEY_BLOCK = /-----BEGIN PUBLIC KEY-----([A-Za-z0-9+/=\s]*?)-----END PUBLIC KEY-----/g;

/**
 * The ES256 verification keys as canonical SPKI PEMs (none when absent), from context
 * `jwtPublicKeys`: a string of one or more PEM blocks, or a list of them (JSON text from
 * `-c` too); the old name `jwtPublicKey` is read when the new one is not given.
 *
 * `cdk -c` keeps only the first line of a multi-line value, so any whitespace layout is
 * accepted and re-wrapped: PEMs on one line (`-c jwtPublicKeys="$(cat current.pem previous.pem | tr -d '\n')"`),
 * with literal `\n` sequences, or with real newlines (a cdk.json string with "\n" escapes).
 */
function readPublicKeys(value: unknown, oldNameValue: unknown): string[] {
  const given = value !== undefined && value !== null;
  if (given && oldNameValue !== undefined && oldNameValue !== null) {
    throw new StackConfigError(['jwtPublicKeys', 'jwtPublicKey'], 'give the keys once, under "jwtPublicKeys"');
  }
  const key = given ? 'jwtPublicKeys' : 'jwtPublicKey';
  const parsed = parseJsonText(given ? value : oldNameValue, key);
  if (parsed === undefined || parsed === null) return [];
  const texts = Array.isArray(parsed) ? parsed : [parsed];
  if (texts.some((text) => typeof text !== 'string')) {
    throw new StackConfigError(key, 'expected one or more SPKI PEM blocks, as a string or a list of strings');
  }
  const text = (texts as string[]).join('\n').replace(/\\n/g, '\n');
  if (text.includes('PRIVATE KEY')) {
    throw new StackConfigError(
      key,
      'holds a private key: give only the public key(s); the private key goes in the secret',
    );
  }
  if (text.trim() === '') return [];
  const blocks = [...text.matchAll(PUBLIC_KEY_BLOCK)].map((match) => match[1] ?? '');
  if (blocks.length === 0 || text.replace(PUBLIC_KEY_BLOCK, '').trim() !== '') {
    throw new StackConfigError(
      key,
      `expected one or more SPKI PEM blocks of ES256 public keys ("${PEM_BEGIN} ... ${PEM_END}") and nothing else`,
    );
  }
  const pems = [
    ...new Set(
      blocks.map((block) => {
        const body = block.replace(/\s+/g, '');
        return `${PEM_BEGIN}\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n${PEM_END}`;
      }),
    ),
  ];
  if (pems.length > MAX_JWT_PUBLIC_KEYS) {
    throw new StackConfigError(
      key,
      `${pems.length} keys; at most ${MAX_JWT_PUBLIC_KEYS} (the current and the previous key are enough for a rotation)`,
    );
  }
  pems.forEach((pem, index) => {
    const which = pems.length > 1 ? `key ${index + 1}: ` : '';
    let details: { type?: string; curve?: string };
    try {
      const publicKey = createPublicKey(pem);
      details = { type: publicKey.asymmetricKeyType, curve: publicKey.asymmetricKeyDetails?.namedCurve };
    } catch {
      throw new StackConfigError(key, `${which}the PEM does not hold a readable public key`);
    }
    if (details.type !== 'ec' || details.curve !== 'prime256v1') {
      throw new StackConfigError(
        key,
        `${which}expected an EC P-256 key (ES256), got ${details.type ?? 'unknown'} ${details.curve ?? ''}`.trim(),
      );
    }
  });
  return pems;
}

/** `-c sandbox=true` (a string) or `"sandbox": true` in cdk.json. */
function readFlag(value: unknown, key: string): boolean {
  if (value === undefined || value === null || value === false || value === 'false' || value === '') return false;
  if (value === true || value === 'true') return true;
  throw new StackConfigError(key, `expected true or false, got ${JSON.stringify(value)}`);
}

function readOrigins(value: unknown): string[] {
  const key = 'corsAllowOrigins';
  if (value === undefined || value === null) return [...CONTEXT_DEFAULTS.corsAllowOrigins];
  const parsed = parseJsonText(value, key);
  // `-c corsAllowOrigins=https://a.example,https://b.example` is accepted too.
  const list =
    typeof parsed === 'string'
      ? parsed
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : parsed;
  if (!Array.isArray(list) || list.length === 0) {
    throw new StackConfigError(key, 'expected a non-empty list of origins such as ["https://app.example.com"]');
  }
  return list.map((origin: unknown) => {
    if (origin === '*') return origin;
    if (typeof origin !== 'string')
      throw new StackConfigError(key, `expected an origin string, got ${JSON.stringify(origin)}`);
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      throw new StackConfigError(key, `"${origin}" is not an origin (scheme://host[:port])`);
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== origin) {
      throw new StackConfigError(key, `"${origin}" is not an origin (scheme://host[:port], no path or trailing slash)`);
    }
    return origin;
  });
}

function readThrottle(value: unknown, key: string, defaults: ThrottleConfig): ThrottleConfig {
  if (value === undefined || value === null) return { ...defaults };
  const parsed = parseJsonText(value, key);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new StackConfigError(key, 'expected {"rateLimit": <requests per second>, "burstLimit": <requests>}');
  }
  const { rateLimit, burstLimit } = parsed as Record<string, unknown>;
  const rate = optionalNumber(rateLimit, `${key}.rateLimit`) ?? defaults.rateLimit;
  const burst = optionalNumber(burstLimit, `${key}.burstLimit`) ?? defaults.burstLimit;
  if (rate <= 0) throw new StackConfigError(`${key}.rateLimit`, `must be positive, got ${rate}`);
  if (!Number.isInteger(burst) || burst <= 0) {
    throw new StackConfigError(`${key}.burstLimit`, `must be a positive integer, got ${burst}`);
  }
  return { rateLimit: rate, burstLimit: burst };
}

/** Context `alarms`: any of AlarmThresholds, the others from CONTEXT_DEFAULTS.alarms. */
function readAlarms(value: unknown): AlarmThresholds {
  const key = 'alarms';
  const defaults: AlarmThresholds = { ...CONTEXT_DEFAULTS.alarms };
  if (value === undefined || value === null) return defaults;
  const parsed = parseJsonText(value, key);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new StackConfigError(key, `expected an object with any of ${Object.keys(defaults).join(', ')}`);
  }
  const unknown = Object.keys(parsed).filter((name) => !(name in defaults));
  if (unknown.length > 0) {
    throw new StackConfigError(
      key,
      `unknown threshold(s) ${unknown.join(', ')}; known: ${Object.keys(defaults).join(', ')}`,
    );
  }
  const alarms = { ...defaults };
  for (const name of Object.keys(defaults) as (keyof AlarmThresholds)[]) {
    const number = optionalNumber((parsed as Record<string, unknown>)[name], `${key}.${name}`) ?? defaults[name];
    if (number <= 0) throw new StackConfigError(`${key}.${name}`, `must be positive, got ${number}`);
    const whole = name === 'periodMinutes' || name === 'latencyEvaluationPeriods';
    if (whole && !Number.isInteger(number)) {
      throw new StackConfigError(`${key}.${name}`, `must be a whole number, got ${number}`);
    }
    alarms[name] = number;
  }
  return alarms;
}
