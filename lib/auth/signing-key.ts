import type { KeyObject } from 'node:crypto';
import { readSecret } from '../aws/secrets';
import { cachedFor } from '../cached';
import { oneOf } from '../config';
import { defined } from '../defined';
import { parsePrivateKey } from './keys';

/**
 * The ES256 private key that signs tokens, with its kid: a PEM inline locally (a key file
 * generated on first `npm start`), from Secrets Manager in the cloud. Kept for
 * SIGNING_KEY_TTL_MS, so a key put in the secret signs new tokens within that time and
 * with no redeploy (docs/deploy.md, Rotating the signing key); a failed load is retried by the
 * next request.
 */
const source = /* @__PURE__ */ oneOf('JWT_PRIVATE_KEY', 'JWT_SIGNING_KEY_SECRET_ID');

export const SIGNING_KEY_TTL_MS = 5 * 60 * 1000;

export interface SigningKey {
  key: KeyObject;
  kid: string;
}

export const signingKey = /* @__PURE__ */ cachedFor(SIGNING_KEY_TTL_MS, async (): Promise<SigningKey> => {
  const inline = source.first();
  if (inline !== undefined) return parsePrivateKey(inline, 'JWT_PRIVATE_KEY');
  return parsePrivateKey(
    (await readSecret(defined(source.second(), 'JWT_PRIVATE_KEY or its secret id'))) ?? '',
    'The JWT signing-key secret',
  );
});
