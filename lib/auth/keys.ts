import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { ConfigError } from '../config';

/**
 * Signing keys and their ids. A token's `kid` is the RFC 7638 JWK thumbprint of the
 * public key that verifies it, so no id is configured and none can drift from its key:
 * the signer and every verifier compute it from the key itself.
 *
 * Keys are Node KeyObjects, which jose takes as they are (no PEM parser bundled).
 */
export type PublicKeys = ReadonlyMap<string, KeyObject>;

/**
 * The `kid` of a key pair: the RFC 7638 thumbprint of its public half, the base64url SHA-256
 * of the key's required JWK members (an EC key's `crv`, `kty`, `x`, `y`) in lexicographic
 * order without whitespace. Node computes it without jose's general JWK exporter (bundles).
 */
export const keyId = async (key: KeyObject): Promise<string> => {
  const { crv, kty, x, y } = (key.type === 'private' ? createPublicKey(key) : key).export({ format: 'jwk' });
  return createHash('sha256').update(JSON.stringify({ crv, kty, x, y })).digest('base64url');
};

const PUBLIC_KEY_PEM = /-----BEGIN PUBLIC KEY-----([^-]+)-----END PUBLIC KEY-----/g;

/**
 * `JWT_PUBLIC_KEYS` (or another `setting`, named in errors): one or more SPKI PEM blocks,
 * concatenated (the current key and, during a rotation, the previous one), by kid. Anything else in the value (a private key, a
 * certificate, a truncated block, another curve) is a ConfigError rather than a key
 * quietly left out.
 */
export async function parsePublicKeys(pems: string, setting = 'JWT_PUBLIC_KEYS'): Promise<PublicKeys> {
  const blocks = [...pems.matchAll(PUBLIC_KEY_PEM)];
  if (blocks.length === 0 || pems.replace(PUBLIC_KEY_PEM, '').trim() !== '') {
    throw new ConfigError(
      `${setting} must be one or more SPKI PEM public keys ("-----BEGIN PUBLIC KEY-----"), and nothing else.`,
    );
  }
  const keys = await Promise.all(
    blocks.map(async ([, base64 = ''], index) => {
      // From the DER inside the armour, so a PEM on one line (cdk -c) reads like a wrapped one.
      const der = Buffer.from(base64.replace(/\s/g, ''), 'base64');
      const key = es256(
        () => createPublicKey({ key: der, format: 'der', type: 'spki' }),
        `${setting} key ${index + 1}`,
      );
      return [await keyId(key), key] as const;
    }),
  );
  return new Map(keys);
}

/** The signing key, from a PKCS#8 (or SEC1) PEM, with its kid. */
export async function parsePrivateKey(pem: string, source: string): Promise<{ key: KeyObject; kid: string }> {
  if (!pem.includes('PRIVATE KEY')) {
    throw new ConfigError(`${source} does not hold a PEM private key (see docs/deploy.md)`);
  }
  const key = es256(() => createPrivateKey(pem), source);
  return { key, kid: await keyId(key) };
}

/** An EC P-256 key (what ES256 signs with), or a ConfigError naming where it came from, never its bytes. */
function es256(load: () => KeyObject, source: string): KeyObject {
  let key: KeyObject;
  try {
    key = load();
  } catch {
    throw new ConfigError(`${source} is not a readable PEM key`);
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new ConfigError(`${source} is not an ES256 key (EC P-256)`);
  }
  return key;
}
