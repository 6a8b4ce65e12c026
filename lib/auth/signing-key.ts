import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { type CryptoKey, importPKCS8 } from 'jose';
import { secrets } from '../aws/secrets';
import { optional, required } from '../config';
import { TOKEN_ALGORITHM } from './claims';

/**
 * The ES256 private key that signs tokens: a PKCS#8 PEM, inline locally (a key file
 * generated on first `npm start`), from Secrets Manager in the cloud. Loaded once per
 * container, on first use; a failed load is retried by the next request.
 */
const inlinePem = optional('JWT_PRIVATE_KEY');
const secretId = inlinePem ? undefined : required('JWT_SIGNING_KEY_SECRET_ID');

let key: Promise<CryptoKey> | undefined;

export function signingKey(): Promise<CryptoKey> {
  key ??= load().catch((error: unknown) => {
    key = undefined;
    throw error;
  });
  return key;
}

async function load(): Promise<CryptoKey> {
  const pem = inlinePem ?? (await secrets.send(new GetSecretValueCommand({ SecretId: secretId }))).SecretString;
  if (!pem?.includes('PRIVATE KEY')) {
    throw new Error('The JWT signing-key secret does not hold a PKCS#8 PEM private key (see README, Deploy)');
  }
  return importPKCS8(pem, TOKEN_ALGORITHM) as Promise<CryptoKey>;
}
