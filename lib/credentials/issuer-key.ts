import type { KeyObject } from 'node:crypto';
import { createPublicKey } from 'node:crypto';
import { parsePrivateKey, parsePublicKeys } from '../auth/keys';
import { readSecret } from '../aws/secrets';
import { cachedFor } from '../cached';
import { ConfigError, oneOf } from '../config';
import { defined } from '../defined';

/**
 * The credential issuer's keys (docs/choices.md, Verifiable credentials): an ES256 key of its
 * own, apart from the token key. One value holds them: the PEM of the current private key
 * (PKCS#8 or SEC1), then, during a rotation, the SPKI PEM of each previous public key. The
 * current key signs; the DID document (`/.well-known/did.json`) publishes it and the previous
 * ones, so a credential signed before a rotation still verifies. Inline locally
 * (VC_ISSUER_KEY, a key generated on first `npm start`), from Secrets Manager in the cloud
 * (VC_ISSUER_KEY_SECRET_ID). Kept for ISSUER_KEY_TTL_MS: a new value takes effect within that
 * time, with no redeploy (docs/deploy.md, Rotating the credential issuer key).
 */
const source = /* @__PURE__ */ oneOf('VC_ISSUER_KEY', 'VC_ISSUER_KEY_SECRET_ID');

export const ISSUER_KEY_TTL_MS = 5 * 60 * 1000;

export interface IssuerKeys {
  /** Signs every credential; its kid is its RFC 7638 thumbprint. */
  current: { key: KeyObject; kid: string };
  /** Every public key to publish, by kid: the current one first, then the previous ones. */
  published: ReadonlyMap<string, KeyObject>;
}

const PRIVATE_KEY_PEM = /-----BEGIN (?:EC )?PRIVATE KEY-----[^-]+-----END (?:EC )?PRIVATE KEY-----/g;

/** The keys of the issuer-key value, or a ConfigError naming `source`, never the key's bytes. */
export async function parseIssuerKeys(text: string, source: string): Promise<IssuerKeys> {
  const privates = text.match(PRIVATE_KEY_PEM) ?? [];
  const [pem] = privates;
  if (pem === undefined || privates.length !== 1) {
    throw new ConfigError(
      `${source} must hold exactly one PEM private key (the current issuer key), then optionally the previous public keys`,
    );
  }
  const current = await parsePrivateKey(pem, source);
  const rest = text.replace(PRIVATE_KEY_PEM, '').trim();
  const previous = rest === '' ? new Map<string, KeyObject>() : await parsePublicKeys(rest, source);
  const published = new Map<string, KeyObject>([[current.kid, createPublicKey(current.key)]]);
  for (const [kid, key] of previous) if (!published.has(kid)) published.set(kid, key);
  return { current, published };
}

export const issuerKeys = /* @__PURE__ */ cachedFor(ISSUER_KEY_TTL_MS, async (): Promise<IssuerKeys> => {
  const inline = source.first();
  if (inline !== undefined) return parseIssuerKeys(inline, 'VC_ISSUER_KEY');
  return parseIssuerKeys(
    (await readSecret(defined(source.second(), 'The credential issuer key or its secret id'))) ?? '',
    'The credential issuer-key secret',
  );
});
