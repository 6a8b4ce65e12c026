/**
 * The one module that reads `process.env`.
 *
 * An adapter declares the settings it cannot work without at its own module scope
 * (`const tableName = required('TABLE_NAME')`) and reads the value on first use, once.
 * A function checks every setting its modules declared when it starts
 * (`assertConfigured()`, called by lib/http/endpoint.ts at cold start), so a function
 * missing a setting fails on its first load with a message that names the setting, and a
 * function never needs settings for resources it does not use. Tools that only import the
 * route table (the CDK app, the docs) never need the settings at all.
 *
 * In the cloud the CDK stack sets these per function from the route table;
 * locally `npm start` (infra/local) sets them before loading any handler.
 */
export type Setting =
  | 'TABLE_NAME'
  | 'BUCKET_NAME'
  | 'SES_FROM_ADDRESS'
  | 'JWT_ISSUER'
  | 'JWT_AUDIENCE'
  | 'JWT_PUBLIC_KEYS'
  | 'JWT_PRIVATE_KEY'
  | 'JWT_SIGNING_KEY_SECRET_ID'
  | 'VC_ISSUER_KEY'
  | 'VC_ISSUER_KEY_SECRET_ID'
  | 'CURSOR_KEY'
  | 'CURSOR_KEY_SECRET_ID'
  | 'TRANSLATE_PROVIDER'
  | 'PUBLIC_BASE_URL'
  | 'BACKUP_BASE_URL'
  | 'BACKUP_TABLE_NAME'
  | 'BACKUP_REGION'
  | 'BACKUP_DYNAMODB_ENDPOINT'
  | 'DEPLOYMENT_ROLE'
  | 'EU_REGISTRY_URL'
  | 'CDN_ORIGIN_SECRET'
  | 'CDN_DISTRIBUTION_ID'
  | 'EVM_RPC_URL'
  | 'EVM_RPC_URL_SECRET_ID'
  | 'EVM_CONFIRMATIONS'
  | 'EVM_STUCK_AFTER_SECONDS'
  | 'EVM_CHAIN_ID'
  | 'EVM_EXPLORER_URL'
  | 'ANCHOR_PRIVATE_KEY'
  | 'ANCHOR_KEY_SECRET_ID'
  | 'DYNAMODB_ENDPOINT'
  | 'S3_ENDPOINT'
  | 'SES_ENDPOINT'
  | 'TRANSLATE_ENDPOINT'
  | 'SECRETS_ENDPOINT'
  | 'STRIPE_API_URL'
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_SECRET_KEY_SECRET_ID'
  | 'STRIPE_PRICE_ID'
  | 'VIES_URL'
  | 'VIES_TIMEOUT_MS'
  | 'VIES_REQUESTER_VAT'
  | 'LOG_LEVEL'
  | 'SERVICE_NAME'
  | 'METRICS_NAMESPACE'
  | 'METRICS_OUTPUT'
  | '_X_AMZN_TRACE_ID'
  | 'AWS_REGION';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const read = (name: Setting): string | undefined => {
  const value = process.env[name];
  return value === undefined || value.trim() === '' ? undefined : value;
};

/** Settings declared by the modules loaded so far, with the values each may take. */
const declared = new Map<Setting, { required: boolean; oneOf?: readonly string[] }>();

function once<T>(load: () => T): () => T {
  let loaded = false;
  let value: T;
  return () => {
    if (!loaded) {
      value = load();
      loaded = true;
    }
    return value;
  };
}

/**
 * A setting the caller cannot work without. Callers mark the call `/* @__PURE__ *\/`, so
 * when esbuild drops the code that would read a setting it drops the declaration too: a
 * function declares (and `assertConfigured` demands) only the settings of the code it
 * contains. The stack test cold-starts every bundle with exactly its environment.
 */
export function required(name: Setting): () => string {
  declared.set(name, { required: true });
  return once(() => {
    const value = read(name);
    if (value === undefined) throw missing([name]);
    return value;
  });
}

/** A setting with a meaningful absence (a local endpoint override, an optional provider). */
export function optional(name: Setting, oneOf?: readonly string[]): () => string | undefined {
  if (!declared.has(name)) declared.set(name, { required: false, oneOf });
  return once(() => read(name));
}

/** Two settings of which at least one must be set (an inline key locally, a secret's id in the cloud). */
const alternatives: Array<readonly [Setting, Setting]> = [];
export function oneOf(
  first: Setting,
  second: Setting,
): { first: () => string | undefined; second: () => string | undefined } {
  alternatives.push([first, second]);
  return { first: optional(first), second: optional(second) };
}

/** Throws, naming every problem at once, when a declared setting is missing or not one of its values. */
export function assertConfigured(): void {
  const problems: string[] = [];
  const absent = [...declared]
    .filter(([name, rule]) => rule.required && read(name) === undefined)
    .map(([name]) => name);
  if (absent.length > 0) problems.push(missing(absent).message);
  for (const [first, second] of alternatives) {
    if (read(first) === undefined && read(second) === undefined)
      problems.push(`Missing setting: one of ${first} or ${second} is required.`);
  }
  for (const [name, rule] of declared) {
    const value = read(name);
    if (value !== undefined && rule.oneOf && !rule.oneOf.includes(value)) {
      problems.push(`${name} must be one of ${rule.oneOf.map((v) => `"${v}"`).join(', ')}, not "${value}".`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems.join(' '));
}

const missing = (names: Setting[]) =>
  new ConfigError(
    `Missing required setting${names.length > 1 ? 's' : ''} ${names.join(', ')}. In the cloud the CDK stack sets ` +
      'them for each function that needs them; locally `npm start` sets them.',
  );

/** Region for every AWS client; Lambda always sets AWS_REGION. */
export const region = (): string => read('AWS_REGION') ?? 'eu-central-1';

/** The X-Ray trace header of the invocation being served: Lambda sets it anew for each one, so it is read each time. */
export const xrayTraceHeader = (): string | undefined => read('_X_AMZN_TRACE_ID');
