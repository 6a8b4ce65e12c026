/**
 * `npm run keygen -- <dir>`: an ES256 key pair for a deployment. The private key goes
 * into the stack's Secrets Manager secret, the public key into CDK context
 * `jwtPublicKeys` (JWT_PUBLIC_KEYS: the current key's PEM, plus the previous one's during a
 * rotation; see docs/deploy.md). Prints the key's kid (its RFC 7638 thumbprint), which
 * every token it signs carries. Never commit either file; an existing one is not replaced.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { keyId } from '../lib/auth/keys';

const dir = process.argv[2] ?? '.keys';
mkdirSync(dir, { recursive: true });
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
writeFileSync(join(dir, 'jwt-private.pem'), privateKey.export({ type: 'pkcs8', format: 'pem' }), {
  mode: 0o600,
  flag: 'wx',
});
writeFileSync(join(dir, 'jwt-public.pem'), publicKey.export({ type: 'spki', format: 'pem' }), { flag: 'wx' });
console.log(`wrote ${join(dir, 'jwt-private.pem')} (secret) and ${join(dir, 'jwt-public.pem')}`);
console.log(`kid ${await keyId(publicKey)}`);
