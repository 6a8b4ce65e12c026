import { type CryptoKey, importPKCS8 } from 'jose';
import { readSecret } from '../aws/secrets';
import { oneOf } from '../config';
import { TOKEN_ALGORITHM } from './claims';

/**
 * The ES256 private key that signs tokens: a PKCS#8 PEM, inline locally (a key file
 * generated on first `npm start`), from Secrets Manager in the cloud. Loaded once per
 * container, on first use; a failed load is retried by the next request.
 */
const source = /* @__PURE__ */ oneOf('JWT_PRIVATE_KEY', 'JWT_SIGNING_KEY_SECRET_ID');

let key: Promise<CryptoKey> | undefined;

export function signingKey(): Promise<CryptoKey> {
  key ??= load().catch((error: unknown) => {
    key = undefined;
    throw error;
  });
  return key;
}

async function load(): Promise<CryptoKey> {
  const pem = source.first() ?? (await readSecret(source.second()!));
  if (!pem?.includes('PRIVATE KEY')) {
    throw new Error('The JWT signing-key secret does not hold a PKCS#8 PEM private key (see README, Deploy)');
  }
  return importPKCS8(pem, TOKEN_ALGORITHM) as Promise<CryptoKey>;
}
