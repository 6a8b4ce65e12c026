/**
 * What a local function's settings add to or change in the synthesized template's: one table,
 * read by the local runtime (infra/local/runtime/environment.ts), by `npm run sam:env`
 * (infra/local/sam-env.ts) and by the CDK app itself, which in a sandbox (`-c sandbox=true`)
 * declares each added setting empty (localOnlySettings below) so that SAM, which sets only the
 * variables a function declares, takes their values from env.json. No imports: the CDK app
 * loads it without any of the local stack.
 */

/**
 * With LOCAL_CLOUD_ONLY_VALUES, the whole of what a local function's settings may add to or
 * change in the synthesized template's (infra/local/runtime/environment.ts builds them; a
 * test holds every function to it, both ways). Each setting here is taken from the local
 * stack's environment (localEnvironment below) and is either
 * - `adds`: a setting only the local stack has, given to a function whose template settings
 *   hold the key named (`*`: every function): an engine's address, a secret inlined instead of
 *   read from Secrets Manager, a stand-in's setting; or
 * - `replaces`: a template setting whose local value differs, because the local stack has its
 *   own (the SES identity, the JWT issuer and keys, the chain, the log level).
 */
export const LOCAL_SETTINGS: Readonly<Record<string, { adds: string } | { replaces: true }>> = {
  // Lambda sets the region; the function's own credentials are added per function (infra/local/iam).
  AWS_REGION: { adds: '*' },
  // Metrics as log lines, not EMF on stdout (lib/metrics.ts).
  METRICS_OUTPUT: { adds: '*' },
  // The engines' addresses.
  DYNAMODB_ENDPOINT: { adds: 'TABLE_NAME' },
  S3_ENDPOINT: { adds: 'BUCKET_NAME' },
  SES_ENDPOINT: { adds: 'SES_FROM_ADDRESS' },
  STRIPE_API_URL: { adds: 'STRIPE_SECRET_KEY_SECRET_ID' },
  EVM_RPC_URL: { adds: 'EVM_RPC_URL_SECRET_ID' },
  TRANSLATE_ENDPOINT: { adds: 'TRANSLATE_PROVIDER' },
  // The back-up's DynamoDB Local, for the replicator (`npm start -- --backup`: infra/local/backup.ts).
  BACKUP_DYNAMODB_ENDPOINT: { adds: 'BACKUP_TABLE_NAME' },
  // Secrets, inlined.
  JWT_PRIVATE_KEY: { adds: 'JWT_SIGNING_KEY_SECRET_ID' },
  VC_ISSUER_KEY: { adds: 'VC_ISSUER_KEY_SECRET_ID' },
  CURSOR_KEY: { adds: 'CURSOR_KEY_SECRET_ID' },
  STRIPE_SECRET_KEY: { adds: 'STRIPE_SECRET_KEY_SECRET_ID' },
  ANCHOR_PRIVATE_KEY: { adds: 'ANCHOR_KEY_SECRET_ID' },
  // The stand-ins' settings: the demo Stripe price, VIES's timeout and requester, the local chain's depth.
  STRIPE_PRICE_ID: { adds: 'STRIPE_SECRET_KEY_SECRET_ID' },
  VIES_TIMEOUT_MS: { adds: 'VIES_URL' },
  VIES_REQUESTER_VAT: { adds: 'VIES_URL' },
  EVM_CONFIRMATIONS: { adds: 'ANCHOR_KEY_SECRET_ID' },
  // Local values of template settings.
  SES_FROM_ADDRESS: { replaces: true },
  VIES_URL: { replaces: true },
  JWT_ISSUER: { replaces: true },
  JWT_AUDIENCE: { replaces: true },
  JWT_PUBLIC_KEYS: { replaces: true },
  EVM_CHAIN_ID: { replaces: true },
  EVM_EXPLORER_URL: { replaces: true },
  LOG_LEVEL: { replaces: true },
  // The back-up's table by its local name on its own engine, where the template names another account's by ARN.
  BACKUP_TABLE_NAME: { replaces: true },
  // The API's own address (--port), where LOCAL_CLOUD_ONLY_VALUES has the default's.
  PUBLIC_BASE_URL: { replaces: true },
};

/** Lambda sets these itself and refuses them in a function's Environment (SAM too takes them from the shell). */
export const LAMBDA_RESERVED_SETTINGS: readonly string[] = ['AWS_REGION'];

/**
 * The settings LOCAL_SETTINGS adds to a function with `templateSettings` that the template does
 * not already declare (and Lambda does not reserve): what a sandbox template declares empty. An
 * empty setting is an absent one (lib/config.ts), so a sandbox deployment runs as without them.
 */
export function localOnlySettings(templateSettings: Readonly<Record<string, unknown>>): string[] {
  return Object.entries(LOCAL_SETTINGS)
    .filter(
      ([key, rule]) =>
        'adds' in rule &&
        !(key in templateSettings) &&
        !LAMBDA_RESERVED_SETTINGS.includes(key) &&
        (rule.adds === '*' || rule.adds in templateSettings),
    )
    .map(([key]) => key);
}
