/**
 * The deployment settings of the CDK app: the one place CDK context is read.
 *
 * Every value has a default, so `cdk synth` works with no context at all. Values come
 * from cdk.json (`context`) or the command line (`-c key=value`, always a string there,
 * so lists and objects are also accepted as JSON text). A bad value stops the synth
 * with a message naming the key.
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
  /** SPKI PEM of the ES256 public key; empty when not configured (the stack warns). */
  jwtPublicKey: string;
  /** Retention of every function's log group. */
  logRetention: RetentionDays;
  /** POWERTOOLS_LOG_LEVEL of every function. */
  logLevel: LogLevel;
  /** Browser origins allowed by CORS. */
  corsAllowOrigins: string[];
  throttle: ThrottleConfig;
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
} as const;

const LOG_LEVELS: readonly LogLevel[] = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT'];

/** The retention periods CloudWatch Logs accepts (RetentionDays without INFINITE). */
const RETENTION_DAYS: ReadonlySet<number> = new Set(
  Object.values(RetentionDays).filter(
    (value): value is number => typeof value === 'number' && value !== RetentionDays.INFINITE,
  ),
);

export class StackConfigError extends Error {
  override name = 'StackConfigError';
  constructor(key: string, message: string) {
    super(`Invalid CDK context "${key}": ${message}`);
  }
}

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

  const jwtPublicKey = readPublicKey(raw('jwtPublicKey'));

  const logRetentionDays =
    optionalNumber(raw('logRetentionDays'), 'logRetentionDays') ?? CONTEXT_DEFAULTS.logRetentionDays;
  if (!RETENTION_DAYS.has(logRetentionDays)) {
    throw new StackConfigError(
      'logRetentionDays',
      `${logRetentionDays} is not a CloudWatch Logs retention period; use one of ${[...RETENTION_DAYS].sort((a, b) => a - b).join(', ')}`,
    );
  }

  const logLevel = (optionalString(raw('logLevel'), 'logLevel') ?? CONTEXT_DEFAULTS.logLevel).toUpperCase();
  if (!isLogLevel(logLevel)) {
    throw new StackConfigError('logLevel', `"${logLevel}" is not one of ${LOG_LEVELS.join(', ')}`);
  }

  return {
    stackName,
    ...(account !== undefined ? { account } : {}),
    ...(region !== undefined ? { region } : {}),
    sesFromAddress,
    jwtIssuer,
    jwtAudience,
    jwtPublicKey,
    logRetention: logRetentionDays as RetentionDays,
    logLevel,
    corsAllowOrigins: readOrigins(raw('corsAllowOrigins')),
    throttle: readThrottle(raw('throttle')),
  };
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

/**
 * The ES256 verification key as a canonical SPKI PEM, or '' when absent.
 *
 * `cdk -c` keeps only the first line of a multi-line value, so any whitespace layout is
 * accepted and re-wrapped: the PEM on one line (`-c jwtPublicKey="$(tr -d '\n' < jwt-public.pem)"`),
 * with literal `\n` sequences, or with real newlines (a cdk.json string with "\n" escapes).
 */
function readPublicKey(value: unknown): string {
  const key = 'jwtPublicKey';
  const text = optionalString(value, key);
  if (text === undefined) return '';
  if (!/^-----BEGIN PUBLIC KEY-----([\sA-Za-z0-9+/=]|\\n)+-----END PUBLIC KEY-----$/.test(text)) {
    throw new StackConfigError(
      key,
      'expected the SPKI PEM of the ES256 public key ("-----BEGIN PUBLIC KEY----- ... -----END PUBLIC KEY-----"); never the private key',
    );
  }
  const body = text
    .slice('-----BEGIN PUBLIC KEY-----'.length, -'-----END PUBLIC KEY-----'.length)
    .replace(/\\n/g, '')
    .replace(/\s+/g, '');
  const pem = `-----BEGIN PUBLIC KEY-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END PUBLIC KEY-----`;
  let details: { type?: string; curve?: string };
  try {
    const publicKey = createPublicKey(pem);
    details = { type: publicKey.asymmetricKeyType, curve: publicKey.asymmetricKeyDetails?.namedCurve };
  } catch {
    throw new StackConfigError(key, 'the PEM does not hold a readable public key');
  }
  if (details.type !== 'ec' || details.curve !== 'prime256v1') {
    throw new StackConfigError(
      key,
      `expected an EC P-256 key (ES256), got ${details.type ?? 'unknown'} ${details.curve ?? ''}`.trim(),
    );
  }
  return pem;
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

function readThrottle(value: unknown): ThrottleConfig {
  const key = 'throttle';
  if (value === undefined || value === null) return { ...CONTEXT_DEFAULTS.throttle };
  const parsed = parseJsonText(value, key);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new StackConfigError(key, 'expected {"rateLimit": <requests per second>, "burstLimit": <requests>}');
  }
  const { rateLimit, burstLimit } = parsed as Record<string, unknown>;
  const rate = optionalNumber(rateLimit, `${key}.rateLimit`) ?? CONTEXT_DEFAULTS.throttle.rateLimit;
  const burst = optionalNumber(burstLimit, `${key}.burstLimit`) ?? CONTEXT_DEFAULTS.throttle.burstLimit;
  if (rate <= 0) throw new StackConfigError(`${key}.rateLimit`, `must be positive, got ${rate}`);
  if (!Number.isInteger(burst) || burst <= 0) {
    throw new StackConfigError(`${key}.burstLimit`, `must be a positive integer, got ${burst}`);
  }
  return { rateLimit: rate, burstLimit: burst };
}
