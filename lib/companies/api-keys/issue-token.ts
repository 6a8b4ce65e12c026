import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import * as v from 'valibot';
import { TOKEN_ALGORITHM, TOKEN_LIFETIME_SECONDS } from '../../auth/claims';
import { signingKey } from '../../auth/signing-key';
import { required } from '../../config';
import { UnauthenticatedError } from '../../errors';
import { readKeyAndWallet } from './repository';

const issuer = /* @__PURE__ */ required('JWT_ISSUER');
const audience = /* @__PURE__ */ required('JWT_AUDIENCE');

export const issueTokenInput = v.object({
  params: v.object({
    // A path segment, so URL-safe characters only (RFC 3986 unreserved: what base64url and hex
    // keys are made of, and the demo keys). What API Gateway may pass for a segment it could
    // not decode (the raw `%E0%A4%A`, or U+FFFD for the bad bytes) is then a 400, not a
    // lookup and a 401.
    api_key: v.pipe(v.string(), v.regex(/^[A-Za-z0-9._~-]{1,256}$/, 'must be 1-256 letters, digits, -, ., _ or ~')),
    wallet_address: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')),
  }),
});

/**
 * A token for a wallet of the API key's company. Unknown, disabled and mismatched keys
 * get the same 401, so neither keys nor wallets can be enumerated. One BatchGetItem
 * reads the key and the wallet together. The header's `kid` names the signing key
 * (lib/auth/keys.ts), so verifiers can hold the current and the previous key.
 */
export async function issueToken({ params }: v.InferOutput<typeof issueTokenInput>): Promise<{ authToken: string }> {
  const { apiKey, wallet } = await readKeyAndWallet(params.api_key, params.wallet_address);
  if (!apiKey?.enabled || !wallet || wallet.company_id !== apiKey.company_id) {
    throw new UnauthenticatedError('invalid API key', 'INVALID_API_KEY');
  }
  const { key, kid } = await signingKey();
  const authToken = await new SignJWT({ company_id: wallet.company_id, wallet: wallet.address, role: wallet.role })
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT', kid })
    .setSubject(wallet.user_id)
    .setIssuer(issuer())
    .setAudience(audience())
    .setIssuedAt()
    .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
    .setJti(randomUUID())
    .sign(key);
  return { authToken };
}
