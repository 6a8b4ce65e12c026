/**
 * `npm run keygen -- <dir>`: an ES256 key pair for a deployment. The private key goes
 * into the stack's Secrets Manager secret, the public key into CDK context
 * `jwtPublicKey` (see README, Deploy). Never commit either file.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '.keys';
mkdirSync(dir, { recursive: true });
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
writeFileSync(join(dir, 'jwt-private.pem'), privateKey.export({ type: 'pkcs8', format: 'pem' }), {
  mode: 0o600,
  flag: 'wx',
});
writeFileSync(join(dir, 'jwt-public.pem'), publicKey.export({ type: 'spki', format: 'pem' }), { flag: 'wx' });
console.log(`wrote ${join(dir, 'jwt-private.pem')} (secret) and ${join(dir, 'jwt-public.pem')}`);
