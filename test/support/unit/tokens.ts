import { createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, importPKCS8, SignJWT } from 'jose';
import type { Principal } from '../../../lib/auth/claims';

/**
 * Tokens for unit tests, signed with the key pair test/setup/unit-env.ts put in the
 * environment (the verifier holds its public half), or deliberately signed wrongly.
 */
export const PRINCIPAL: Principal = {
  userId: 'user-0001',
  companyId: 'c0ffee00-0000-4000-8000-000000000001',
  wallet: '0x00000000000000000000000000000000000000aa',
  role: 'admin',
};

export const OTHER_COMPANY_ID = 'c0ffee00-0000-4000-8000-000000000002';

type SigningKey = Parameters<SignJWT['sign']>[0];

export interface MintOptions {
  /** Claims to add or override (`company_id`, `sub`, …). */
  claims?: Record<string, unknown>;
  /** Claims to leave out of the token. */
  omit?: ReadonlyArray<'sub' | 'company_id' | 'wallet' | 'role' | 'iss' | 'aud' | 'iat' | 'exp' | 'jti'>;
  /** Seconds since the epoch; default now. */
  issuedAt?: number;
  /** Seconds after issuedAt; negative makes an already-expired token. Default 3600. */
  lifetimeSeconds?: number;
  alg?: string;
  /** Default: the environment's ES256 private key. */
  key?: SigningKey;
  /** The header's `kid`; default the environment key's (RFC 7638 thumbprint), `null` for none. */
  kid?: string | null;
}

let envKey: Promise<SigningKey> | undefined;
/** The environment's private key, imported once. */
export function environmentKey(): Promise<SigningKey> {
  envKey ??= importPKCS8(required('JWT_PRIVATE_KEY'), 'ES256');
  return envKey;
}

let envKid: Promise<string> | undefined;
/** The `kid` of the environment's key: its RFC 7638 JWK thumbprint, as the issuer sets it. */
export function environmentKid(): Promise<string> {
  envKid ??= calculateJwkThumbprint(createPublicKey(required('JWT_PUBLIC_KEYS')).export({ format: 'jwk' }));
  return envKid;
}

/** Another valid ES256 key the service does not know. */
export function foreignEs256Key(): SigningKey {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
}

/** The bytes of the service's public key, as an attacker would use them for an HS256 "alg confusion" token. */
export function publicKeyAsHmacSecret(): Uint8Array {
  return new TextEncoder().encode(required('JWT_PUBLIC_KEYS'));
}

export async function mintToken(options: MintOptions = {}, principal: Principal = PRINCIPAL): Promise<string> {
  const iat = options.issuedAt ?? Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = {
    sub: principal.userId,
    company_id: principal.companyId,
    wallet: principal.wallet,
    role: principal.role,
    iss: required('JWT_ISSUER'),
    aud: required('JWT_AUDIENCE'),
    iat,
    exp: iat + (options.lifetimeSeconds ?? 3600),
    jti: randomUUID(),
    ...options.claims,
  };
  for (const name of options.omit ?? []) delete claims[name];
  const kid = options.kid === undefined ? await environmentKid() : options.kid;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'ES256', typ: 'JWT', ...(kid !== null && { kid }) })
    .sign(options.key ?? (await environmentKey()));
}

export const bearer = (token: string): string => `Bearer ${token}`;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: is test/setup/unit-env.ts the unit project's setup file?`);
  return value;
}
