import { importSPKI, errors as joseErrors, jwtVerify } from 'jose';
import * as v from 'valibot';
import { required } from '../config';
import { UnauthenticatedError } from '../errors';
import { type Principal, principalSchema, TOKEN_ALGORITHM } from './claims';

const issuer = /* @__PURE__ */ required('JWT_ISSUER');
const audience = /* @__PURE__ */ required('JWT_AUDIENCE');
// Verifiers only ever hold the public key; the private key stays with the issuer.
const publicKeyPem = /* @__PURE__ */ required('JWT_PUBLIC_KEY');
let publicKey: ReturnType<typeof importSPKI> | undefined;
const verificationKey = () => {
  publicKey ??= importSPKI(publicKeyPem(), TOKEN_ALGORITHM);
  return publicKey;
};

// The scheme is case-insensitive (RFC 7235).
const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i;

/** `Authorization: Bearer <jwt>` → the principal, or 401 for anything else. */
export async function verifyAuthorization(header: string | undefined): Promise<Principal> {
  if (!header) throw new UnauthenticatedError('missing bearer token');
  const match = BEARER.exec(header.trim());
  if (!match?.[1]) throw new UnauthenticatedError('malformed bearer token');
  try {
    const { payload } = await jwtVerify(match[1], await verificationKey(), {
      algorithms: [TOKEN_ALGORITHM],
      issuer: issuer(),
      audience: audience(),
      requiredClaims: ['sub', 'iat', 'exp', 'jti'],
    });
    const claims = v.parse(principalSchema, payload);
    return { userId: claims.sub, companyId: claims.company_id, wallet: claims.wallet, role: claims.role };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new UnauthenticatedError('token expired', 'TOKEN_EXPIRED');
    throw new UnauthenticatedError('invalid token', 'INVALID_TOKEN');
  }
}
