import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyId } from '../../../lib/auth/keys';
import { ConfigError } from '../../../lib/config';
import { parseIssuerKeys } from '../../../lib/credentials/issuer-key';

const es256Pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    publicKey,
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

describe('parseIssuerKeys', () => {
  const [current, previous] = [es256Pair(), es256Pair()];

  it('signs with the private key and publishes its public half, by its RFC 7638 kid', async () => {
    const keys = await parseIssuerKeys(current.privatePem, 'VC_ISSUER_KEY');
    const kid = await keyId(current.publicKey);
    expect(keys.current.kid).toBe(kid);
    expect([...keys.published.keys()]).toEqual([kid]);
  });

  it('after a rotation, publishes the current key first and then the previous public keys', async () => {
    const keys = await parseIssuerKeys(`${current.privatePem}\n${previous.publicPem}`, 'VC_ISSUER_KEY');
    expect(keys.current.kid).toBe(await keyId(current.publicKey));
    expect([...keys.published.keys()]).toEqual([await keyId(current.publicKey), await keyId(previous.publicKey)]);
  });

  it('lists the current key once when its own public key is appended too', async () => {
    const keys = await parseIssuerKeys(`${current.privatePem}${current.publicPem}`, 'VC_ISSUER_KEY');
    expect(keys.published.size).toBe(1);
  });

  it.each([
    ['no private key', () => previous.publicPem],
    ['two private keys', () => `${current.privatePem}${previous.privatePem}`],
    ['the secret placeholder', () => 'REPLACE_ME: PKCS#8 PEM of the credential issuer ES256 private key'],
    ['text beside the keys', () => `${current.privatePem}\nsomething else`],
  ])('refuses %s with a ConfigError naming the source, never the key', async (_, value) => {
    const error = await parseIssuerKeys(value(), 'The credential issuer-key secret').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('The credential issuer-key secret');
    for (const line of `${current.privatePem}${previous.privatePem}`.split('\n').filter((l) => !l.startsWith('-')))
      if (line) expect((error as Error).message).not.toContain(line);
  });

  it('refuses a key that is not ES256 (P-384)', async () => {
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-384' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    await expect(parseIssuerKeys(pem, 'VC_ISSUER_KEY')).rejects.toThrow(/not an ES256 key/);
  });
});
