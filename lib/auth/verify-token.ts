import { jwtVerify } from 'jose';
import { JWSInvalid, JWTExpired } from 'jose/errors';
import * as v from 'valibot';
import { loadedOnce } from '../cached';
import { required } from '../config';
import { UnauthenticatedError } from '../errors';
import { type Principal, principalSchema, TOKEN_ALGORITHM } from './claims';
import { type PublicKeys, parsePublicKeys } from './keys';
import { VerifiedTokenCache } from './verified-tokens';

const issuer = /* @__PURE__ */ required('JWT_ISSUER');
const audience = /* @__PURE__ */ required('JWT_AUDIENCE');
// Verifiers only ever hold public keys: the current one and, during a rotation, the previous.
const publicKeyPems = /* @__PURE__ */ required('JWT_PUBLIC_KEYS');

// The scheme is case-insensitive (RFC 7235).
const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i;

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  /** The keys a token may be signed with, by kid, as of now (asked on every call). */
  keys: () => Promise<PublicKeys>;
  cache?: VerifiedTokenCache;
  /** Milliseconds since the epoch. */
  now?: () => number;
}

/**
 * `Authorization: Bearer <jwt>` → the principal, or 401 for anything else: ES256 only, a
 * `kid` naming one of the accepted keys, a valid signature, our issuer and audience, not
 * expired, and the claims of docs/spec/decisions.md. A token verified once is then served from the
 * cache until its `exp`, while its key is still accepted (lib/auth/verified-tokens.ts).
 */
export function tokenVerifier(options: TokenVerifierOptions): (header: string | undefined) => Promise<Principal> {
  const cache = options.cache ?? new VerifiedTokenCache();
  const now = options.now ?? (() => Date.now());
  return async (header) => {
    if (!header) throw new UnauthenticatedError('missing bearer token');
    const token = BEARER.exec(header.trim())?.[1];
    if (!token) throw new UnauthenticatedError('malformed bearer token');
    // Outside the try: keys that cannot be read are the service's fault (500), not the caller's.
    const keys = await options.keys();
    const at = now();
    const cached = cache.get(token, keys, at);
    if (cached) return cached;
    try {
      const { payload, protectedHeader } = await jwtVerify(
        token,
        ({ kid }) => {
          const key = kid === undefined ? undefined : keys.get(kid);
          if (!key) throw new JWSInvalid('unknown or missing kid');
          return key;
        },
        {
          algorithms: [TOKEN_ALGORITHM],
          issuer: options.issuer,
          audience: options.audience,
          requiredClaims: ['sub', 'iat', 'exp', 'jti'],
          currentDate: new Date(at),
        },
      );
      const claims = v.parse(principalSchema, payload);
      const principal = { userId: claims.sub, companyId: claims.company_id, wallet: claims.wallet, role: claims.role };
      // jose has checked both; the fallbacks could only make an entry that is never served.
      return cache.set(token, principal, protectedHeader.kid ?? '', (payload.exp ?? 0) * 1000);
    } catch (error) {
      if (error instanceof JWTExpired) throw new UnauthenticatedError('token expired', 'TOKEN_EXPIRED');
      throw new UnauthenticatedError('invalid token', 'INVALID_TOKEN');
    }
  };
}

const configuredKeys = /* @__PURE__ */ loadedOnce(() => parsePublicKeys(publicKeyPems()));

let verify: ReturnType<typeof tokenVerifier> | undefined;

/** The container's verifier: the keys of JWT_PUBLIC_KEYS, one cache per container. */
export async function verifyAuthorization(header: string | undefined): Promise<Principal> {
  verify ??= tokenVerifier({ issuer: issuer(), audience: audience(), keys: configuredKeys });
  return verify(header);
}
