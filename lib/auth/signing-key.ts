import type { KeyObject } from 'node:crypto';
import { readSecret } from '../aws/secrets';
import { oneOf } from '../config';
import { parsePrivateKey } from './keys';

/**
 * The ES256 private key that signs tokens, with its kid: a PEM inline locally (a key file
 * generated on first `npm start`), from Secrets Manager in the cloud. Kept for
 * SIGNING_KEY_TTL_MS, so a key put in the secret signs new tokens within that time and
 * with no redeploy (README, Rotating the signing key); a failed load is retried by the
 * next request.
 */
const source = /* @__PURE__ */ oneOf('JWT_PRIVATE_KEY', 'JWT_SIGNING_KEY_SECRET_ID');

export const SIGNING_KEY_TTL_MS = 5 * 60 * 1000;

export interface SigningKey {
  key: KeyObject;
  kid: string;
}

/**
 * A value loaded on first use and again once `ttlMs` has passed since that load began.
 * Concurrent callers share one load; a failed load is forgotten, so the next call retries.
 */
export function cachedFor<T>(ttlMs: number, load: () => Promise<T>, now = () => Date.now()): () => Promise<T> {
  let value: Promise<T> | undefined;
  let expiresAt = 0;
  return () => {
    if (value === undefined || now() >= expiresAt) {
      const loading = load();
      value = loading;
      expiresAt = now() + ttlMs;
      loading.catch(() => {
        if (value === loading) value = undefined;
      });
    }
    return value;
  };
}

export const signingKey = /* @__PURE__ */ cachedFor(SIGNING_KEY_TTL_MS, async (): Promise<SigningKey> => {
  const inline = source.first();
  if (inline !== undefined) return parsePrivateKey(inline, 'JWT_PRIVATE_KEY');
  return parsePrivateKey((await readSecret(source.second()!)) ?? '', 'The JWT signing-key secret');
});
