/**
 * The one module that reads `process.env`.
 *
 * The environment is read once, at cold start. Each adapter asks for the settings it
 * needs at its own module scope (`required('TABLE_NAME')`), so a function that is
 * missing a setting fails on its first load with a message that names the setting,
 * and a function never needs settings for resources it does not use.
 *
 * In the cloud the CDK stack sets these per function from the route table;
 * locally `npm start` (infra/local) sets them before loading any handler.
 */
const env: Readonly<Record<string, string | undefined>> = Object.freeze({ ...process.env });

export type Setting =
  | 'TABLE_NAME'
  | 'BUCKET_NAME'
  | 'SES_FROM_ADDRESS'
  | 'JWT_ISSUER'
  | 'JWT_AUDIENCE'
  | 'JWT_PUBLIC_KEY'
  | 'JWT_PRIVATE_KEY'
  | 'JWT_SIGNING_KEY_SECRET_ID'
  | 'TRANSLATE_PROVIDER'
  | 'DYNAMODB_ENDPOINT'
  | 'S3_ENDPOINT'
  | 'SES_ENDPOINT'
  | 'TRANSLATE_ENDPOINT'
  | 'SECRETS_ENDPOINT'
  | 'STRIPE_API_URL'
  | 'VIES_URL'
  | 'AWS_REGION';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A setting the caller cannot work without. Throws at module load when it is absent. */
export function required(name: Setting): string {
  const value = env[name];
  if (value === undefined || value.trim() === '') {
    throw new ConfigError(
      `Missing required setting ${name}. In the cloud the CDK stack sets it for each function that needs it; locally \`npm start\` sets it.`,
    );
  }
  return value;
}

/** A setting with a meaningful absence (a local endpoint override, an optional provider). */
export function optional(name: Setting): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** Region for every AWS client; Lambda always sets AWS_REGION. */
export const region = optional('AWS_REGION') ?? 'eu-central-1';
