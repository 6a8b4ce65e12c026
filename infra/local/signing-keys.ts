import { generateKeyPairSync } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface SigningKeys {
  privateKeyPem: string;
  publicKeyPem: string;
}

/**
 * The local ES256 key pair: generated on first start into `<dir>/jwt-es256.json` and
 * reused afterwards, so tokens survive a restart. (In the cloud the private key lives in
 * Secrets Manager.) Two processes starting at once agree on one file (`wx` create).
 */
export async function ensureSigningKeys(dir: string): Promise<SigningKeys> {
  const file = join(dir, 'jwt-es256.json');
  await mkdir(dir, { recursive: true });
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const fresh: SigningKeys = {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
  try {
    await writeFile(file, JSON.stringify(fresh, null, 2), { flag: 'wx', mode: 0o600 });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return JSON.parse(await readFile(file, 'utf8')) as SigningKeys;
  }
}
