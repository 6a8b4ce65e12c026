import { createHash, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyId, parsePrivateKey, parsePublicKeys } from '../../../lib/auth/keys';
import { ConfigError } from '../../../lib/config';

const es256Pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

/** RFC 7638 §3, by hand: SHA-256 of the required members, in lexicographic order, with no whitespace. */
function rfc7638(publicPem: string): string {
  const { crv, kty, x, y } = createPublicKey(publicPem).export({ format: 'jwk' });
  return createHash('sha256').update(JSON.stringify({ crv, kty, x, y })).digest('base64url');
}

describe('keyId', () => {
  it('is the RFC 7638 JWK thumbprint of the public key, the same from either half of the pair', async () => {
    const { privatePem, publicPem } = es256Pair();
    const expected = rfc7638(publicPem);
    expect(expected).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await keyId(createPublicKey(publicPem))).toBe(expected);
    expect((await parsePrivateKey(privatePem, 'test key')).kid).toBe(expected);
  });

  it('differs between two keys', async () => {
    const [a, b] = [es256Pair(), es256Pair()];
    expect(rfc7638(a.publicPem)).not.toBe(rfc7638(b.publicPem));
  });
});

describe('parsePublicKeys (JWT_PUBLIC_KEYS)', () => {
  const [current, previous] = [es256Pair(), es256Pair()];

  it('reads one SPKI PEM as one key, by its kid', async () => {
    const keys = await parsePublicKeys(current.publicPem);
    expect([...keys.keys()]).toEqual([rfc7638(current.publicPem)]);
  });

  it.each([
    ['newline-separated', (a: string, b: string) => `${a}\n${b}`],
    ['back to back', (a: string, b: string) => `${a.trim()}${b.trim()}`],
    ['on one line (cdk -c, tr -d "\\n")', (a: string, b: string) => `${a}${b}`.replace(/\n/g, '')],
    ['with CRLF and blank lines around', (a: string, b: string) => `\r\n${a}\r\n\r\n${b}\r\n`.replace(/\n/g, '\r\n')],
  ])('reads two concatenated PEM blocks %s as two keys', async (_, join) => {
    const keys = await parsePublicKeys(join(current.publicPem, previous.publicPem));
    expect([...keys.keys()].sort()).toEqual([rfc7638(current.publicPem), rfc7638(previous.publicPem)].sort());
  });

  it.each([
    ['an empty value', () => ''],
    ['a private key', () => current.privatePem],
    ['a public key followed by a private key', () => `${current.publicPem}\n${previous.privatePem}`],
    ['text between two keys', () => `${current.publicPem}\nand\n${previous.publicPem}`],
    ['a truncated block', () => current.publicPem.slice(0, 60)],
    ['a block whose base64 is not a key', () => '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----'],
    [
      'an RSA key',
      () =>
        generateKeyPairSync('rsa', { modulusLength: 2048 })
          .publicKey.export({ type: 'spki', format: 'pem' })
          .toString(),
    ],
    [
      'a P-384 key',
      () =>
        generateKeyPairSync('ec', { namedCurve: 'P-384' }).publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    ],
  ])('refuses %s with a ConfigError naming JWT_PUBLIC_KEYS and no key bytes', async (_, value) => {
    const pem = value();
    const error = await parsePublicKeys(pem).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/JWT_PUBLIC_KEYS/);
    expect((error as Error).message).not.toContain('MII');
  });
});

describe('parsePrivateKey', () => {
  it('reads a PKCS#8 PEM, with the kid of its public half', async () => {
    const { privatePem, publicPem } = es256Pair();
    const { key, kid } = await parsePrivateKey(privatePem, 'JWT_PRIVATE_KEY');
    expect(key.type).toBe('private');
    expect(kid).toBe(rfc7638(publicPem));
  });

  it.each([
    ["the stack's placeholder", 'REPLACE_ME: PKCS#8 PEM of the ES256 private key'],
    ['a public key', es256Pair().publicPem],
    ['a corrupt key', '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----'],
    [
      'a P-384 key',
      generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    ],
  ])('refuses %s with a ConfigError naming the source', async (_, pem) => {
    const error = await parsePrivateKey(pem, 'The JWT signing-key secret').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/^The JWT signing-key secret /);
  });
});
