import type { Engines } from './engines';
import { EVM_CHAIN_ID } from './engines/evm';
import { S3_LOCAL_CREDENTIALS } from './engines/s3';
import { DEMO_PRICE_ID, LOCAL_STRIPE_SECRET_KEY } from './engines/stripe-demo';
import type { SigningKeys } from './signing-keys';

export const LOCAL_TABLE = 'dpp-local';
export const LOCAL_BUCKET = 'dpp-local-files';
export const LOCAL_REGION = 'eu-central-1';
export const LOCAL_ISSUER = 'https://dpp.local';
export const LOCAL_AUDIENCE = 'dpp-api';
/** Where the local SES stand-in's e-mails come from: the identity the local IAM check reads the grant against. */
export const LOCAL_FROM_ADDRESS = 'no-reply@dpp.local';

/** How long the KYB functions wait for the VIES stand-in, locally (the cloud's default is 5 s: lib/companies/kyb/vies.ts). */
export const LOCAL_VIES_TIMEOUT_MS = 2000;
/** The requester VIES is told locally: a made-up Italian VAT number with the right check digit. */
export const LOCAL_VIES_REQUESTER_VAT = 'IT12345670017';

/**
 * The local anchoring key: the test mnemonic's account 9 (m/44'/60'/0'/0/9), which no demo
 * user has. Public knowledge, like every key of that mnemonic: for the local chain only.
 */
export const LOCAL_ANCHOR_KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';
export const LOCAL_ANCHOR_ADDRESS = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';

/** Where the local server shows a transaction of the local chain (infra/local/chain-explorer.ts). */
export const localExplorerUrl = (apiUrl: string): string => `${apiUrl.replace(/\/+$/, '')}/local/chain`;

/**
 * The back-up copy's base URL in the local synth's context (backupBaseUrl, infra/local/sam-env.ts):
 * what the registry records' `backupURL` start with (an https address, as the registry's schema
 * wants), also when `npm start -- --backup` runs a back-up on a local port (infra/local/backup.ts).
 */
export const LOCAL_BACKUP_BASE_URL = 'https://backup.dpp.local';

/** The back-up's table and bucket locally, on engines of its own (infra/local/backup.ts). */
export const LOCAL_BACKUP_TABLE = 'dpp-local-backup';
export const LOCAL_BACKUP_BUCKET = 'dpp-local-backup-files';

/**
 * The local synth's back-up context (infra/config.ts, readBackup): a made-up account of the back-up
 * provider in another region. Locally the replicator writes LOCAL_BACKUP_TABLE on the back-up's
 * DynamoDB Local instead (BACKUP_TABLE_NAME, BACKUP_DYNAMODB_ENDPOINT: LOCAL_SETTINGS).
 */
/** The back-up's DynamoDB Local port by default (`npm start -- --backup`; --port 0 picks a free one). */
export const LOCAL_BACKUP_DYNAMODB_PORT = 8001;

export const LOCAL_BACKUP_CONTEXT = {
  backupAccount: '210987654321',
  backupRegion: 'eu-west-1',
  backupTableName: LOCAL_BACKUP_TABLE,
  backupBucketName: LOCAL_BACKUP_BUCKET,
} as const;

/** The API's address on `npm start` (infra/local/stack.ts, DEFAULT_PORTS.api). */
export const LOCAL_PUBLIC_BASE_URL = 'http://127.0.0.1:3000';

/**
 * The one table of the local value of each setting whose cloud value only a deployment knows
 * (a Ref, a GetAtt: a table's or a bucket's name, a secret's ARN, the API's address). `npm run
 * sam:env` (infra/local/sam-env.ts) writes env.json from the synthesized template with these
 * in place of the template's; every other setting keeps the template's value. Locally a secret
 * is given inline instead (JWT_PRIVATE_KEY, VC_ISSUER_KEY, CURSOR_KEY, STRIPE_SECRET_KEY,
 * ANCHOR_PRIVATE_KEY, EVM_RPC_URL: localEnvironment below); under SAM a function reads the
 * secret of that name from the Secrets Manager its credentials reach.
 */
export const LOCAL_CLOUD_ONLY_VALUES: Readonly<Record<string, string>> = {
  TABLE_NAME: LOCAL_TABLE,
  BUCKET_NAME: LOCAL_BUCKET,
  PUBLIC_BASE_URL: LOCAL_PUBLIC_BASE_URL,
  JWT_SIGNING_KEY_SECRET_ID: 'dpp-local/jwt-signing-key',
  VC_ISSUER_KEY_SECRET_ID: 'dpp-local/vc-issuer-key',
  CURSOR_KEY_SECRET_ID: 'dpp-local/cursor-key',
  STRIPE_SECRET_KEY_SECRET_ID: 'dpp-local/stripe-secret-key',
  ANCHOR_KEY_SECRET_ID: 'dpp-local/anchor-key',
  EVM_RPC_URL_SECRET_ID: 'dpp-local/evm-rpc-url',
};

export { LOCAL_SETTINGS } from './settings';

/**
 * The settings every handler reads (lib/config.ts), pointed at the local engines.
 * Credentials are the S3 stand-in's; DynamoDB Local and the SES stand-in accept any.
 */
export function localEnvironment(engines: Engines, keys: SigningKeys, logLevel = 'WARN'): Record<string, string> {
  return {
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: S3_LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3_LOCAL_CREDENTIALS.secretAccessKey,
    TABLE_NAME: LOCAL_TABLE,
    BUCKET_NAME: LOCAL_BUCKET,
    DYNAMODB_ENDPOINT: engines.dynamodb.endpoint,
    S3_ENDPOINT: engines.s3.endpoint,
    SES_ENDPOINT: engines.ses.endpoint,
    SES_FROM_ADDRESS: LOCAL_FROM_ADDRESS,
    STRIPE_API_URL: engines.stripe.endpoint,
    // The stand-in takes any sk_test_ key; its demo price gives the plan's member limit (engines/stripe-demo.ts).
    STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
    STRIPE_PRICE_ID: DEMO_PRICE_ID,
    VIES_URL: engines.vies.endpoint,
    // The stand-in answers at once; its slow demo number (docs/demo.md, KYB demo VAT numbers) outlasts this, so a timeout is seen quickly.
    VIES_TIMEOUT_MS: String(LOCAL_VIES_TIMEOUT_MS),
    // The operator's own VAT number as the requester: VIES then gives a consultation number (requestIdentifier).
    VIES_REQUESTER_VAT: LOCAL_VIES_REQUESTER_VAT,
    JWT_ISSUER: LOCAL_ISSUER,
    JWT_AUDIENCE: LOCAL_AUDIENCE,
    // One key locally; a rotation lists the new and the previous (docs/deploy.md, Rotating the signing key).
    JWT_PUBLIC_KEYS: keys.publicKeyPem,
    JWT_PRIVATE_KEY: keys.privateKeyPem,
    // The credential issuer's own key (lib/credentials/issuer-key.ts); a rotation appends the previous public key.
    VC_ISSUER_KEY: keys.issuerKeyPem,
    // The template's value, for the in-process mode (worker functions keep their own template settings:
    // only the machine translation route has it); its calls go to Amazon Translate's stand-in (engines/translate.ts).
    TRANSLATE_PROVIDER: 'aws',
    // The template's value for the EU registry's functions (the local synth's backupBaseUrl), for the in-process mode.
    BACKUP_BASE_URL: LOCAL_BACKUP_BASE_URL,
    // The replicator's target (LOCAL_SETTINGS): the back-up's table on its own DynamoDB Local, at its
    // default port until `npm start -- --backup` gives its real address (infra/local/backup.ts).
    BACKUP_TABLE_NAME: LOCAL_BACKUP_TABLE,
    BACKUP_DYNAMODB_ENDPOINT: `http://127.0.0.1:${LOCAL_BACKUP_DYNAMODB_PORT}`,
    TRANSLATE_ENDPOINT: engines.translate.endpoint,
    // The anchor worker (lib/anchoring) on the local chain; EVM_EXPLORER_URL is set once the API listens (stack.ts).
    EVM_RPC_URL: engines.evm.endpoint,
    EVM_CHAIN_ID: String(EVM_CHAIN_ID),
    // Anvil never reorganizes: its one block is final.
    EVM_CONFIRMATIONS: '1',
    ANCHOR_PRIVATE_KEY: LOCAL_ANCHOR_KEY,
    LOG_LEVEL: logLevel,
    // Metrics documents as DEBUG log lines, not EMF on stdout (lib/metrics.ts).
    METRICS_OUTPUT: 'log',
  };
}
