import { generateKeyPairSync } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface SigningKeys {
  privateKeyPem: string;
  publicKeyPem: string;
  /** The credential issuer's own ES256 private key (VC_ISSUER_KEY, lib/credentials/issuer-key.ts). */
  issuerKeyPem: string;
}

type KeyPair = Omit<SigningKeys, 'issuerKeyPem'>;

/**
 * The local ES256 key pairs: the token key and the credential issuer's key, each generated on
 * first start into `<dir>/<name>` and reused afterwards, so tokens and credentials survive a
 * restart. (In the cloud the private keys live in Secrets Manager.) Two processes starting at
 * once agree on one file (`wx` create).
 */
export async function ensureSigningKeys(dir: string): Promise<SigningKeys> {
  await mkdir(dir, { recursive: true });
  const [token, issuer] = await Promise.all([
    ensureKeyPair(join(dir, 'jwt-es256.json')),
    ensureKeyPair(join(dir, 'vc-issuer-es256.json')),
  ]);
  return { ...token, issuerKeyPem: issuer.privateKeyPem };
}

async function ensureKeyPair(file: string): Promise<KeyPair> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const fresh: KeyPair = {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
  try {
    await writeFile(file, JSON.stringify(fresh, null, 2), { flag: 'wx', mode: 0o600 });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return JSON.parse(await readFile(file, 'utf8')) as KeyPair;
  }
}
