import { UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifyAuthorization } from '../../../lib/auth/verify-token';
import { HttpError, UnauthorizedError } from '../../../lib/http/errors';
import { bearer, foreignEs256Key, mintToken, PRINCIPAL, publicKeyAsHmacSecret } from '../../support/unit/tokens';

async function rejection(header: string | undefined): Promise<UnauthorizedError> {
  const error = await verifyAuthorization(header).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UnauthorizedError);
  const http = error as HttpError;
  expect(http.status).toBe(401);
  expect(http.headers).toEqual({ 'www-authenticate': 'Bearer' });
  return error as UnauthorizedError;
}

describe('verifyAuthorization', () => {
  it('returns the principal of a valid token', async () => {
    await expect(verifyAuthorization(bearer(await mintToken()))).resolves.toEqual(PRINCIPAL);
  });

  it('tolerates surrounding whitespace in the header', async () => {
    await expect(verifyAuthorization(`  ${bearer(await mintToken())} `)).resolves.toEqual(PRINCIPAL);
  });

  it('answers 401 UNAUTHORIZED without a header', async () => {
    expect((await rejection(undefined)).code).toBe('UNAUTHORIZED');
    expect((await rejection('')).code).toBe('UNAUTHORIZED');
  });

  it('answers 401 UNAUTHORIZED for a scheme other than Bearer', async () => {
    const token = await mintToken();
    expect((await rejection(`Basic ${Buffer.from('user:pass').toString('base64')}`)).code).toBe('UNAUTHORIZED');
    expect((await rejection(`Token ${token}`)).code).toBe('UNAUTHORIZED');
    expect((await rejection(token)).code).toBe('UNAUTHORIZED');
  });

  it('answers 401 for a bearer value that is not a JWT', async () => {
    expect((await rejection('Bearer not-a-jwt')).code).toBe('UNAUTHORIZED');
    expect((await rejection('Bearer a.b')).code).toBe('UNAUTHORIZED');
    expect((await rejection('Bearer a.b.c.d')).code).toBe('UNAUTHORIZED');
  });

  it('answers 401 INVALID_TOKEN for three base64url segments that do not decode to a JWT', async () => {
    expect((await rejection('Bearer aaaa.bbbb.cccc')).code).toBe('INVALID_TOKEN');
  });

  it('answers 401 INVALID_TOKEN for a token whose signature was tampered with', async () => {
    const [header, payload, signature] = (await mintToken()).split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await rejection(bearer(`${header}.${payload}.${flipped}`))).code).toBe('INVALID_TOKEN');
  });

  it('answers 401 INVALID_TOKEN for a payload swapped under a valid signature (another company)', async () => {
    const [header, , signature] = (await mintToken()).split('.') as [string, string, string];
    const [, otherPayload] = (await mintToken({ claims: { company_id: 'someone-else' } })).split('.') as [string, string];
    expect((await rejection(bearer(`${header}.${otherPayload}.${signature}`))).code).toBe('INVALID_TOKEN');
  });

  it('answers 401 TOKEN_EXPIRED for an expired token', async () => {
    const issuedAt = Math.floor(Date.now() / 1000) - 2 * 3600;
    const error = await rejection(bearer(await mintToken({ issuedAt, lifetimeSeconds: 3600 })));
    expect(error.code).toBe('TOKEN_EXPIRED');
  });

  it('answers 401 INVALID_TOKEN for a token signed by another ES256 key', async () => {
    expect((await rejection(bearer(await mintToken({ key: foreignEs256Key() })))).code).toBe('INVALID_TOKEN');
  });

  it('answers 401 INVALID_TOKEN for an HS256 token keyed with the public key (algorithm confusion)', async () => {
    const token = await mintToken({ alg: 'HS256', key: publicKeyAsHmacSecret() });
    expect((await rejection(bearer(token))).code).toBe('INVALID_TOKEN');
  });

  it('answers 401 for an unsigned token (alg "none")', async () => {
    const token = new UnsecuredJWT({ sub: PRINCIPAL.userId, company_id: PRINCIPAL.companyId, wallet: PRINCIPAL.wallet, role: 'admin' })
      .setIssuer(process.env.JWT_ISSUER!)
      .setAudience(process.env.JWT_AUDIENCE!)
      .setIssuedAt()
      .setExpirationTime('1h')
      .setJti('x')
      .encode();
    await rejection(bearer(token));
  });

  it('answers 401 INVALID_TOKEN for another issuer', async () => {
    expect((await rejection(bearer(await mintToken({ claims: { iss: 'https://evil.example' } })))).code).toBe('INVALID_TOKEN');
  });

  it('answers 401 INVALID_TOKEN for another audience', async () => {
    expect((await rejection(bearer(await mintToken({ claims: { aud: 'another-api' } })))).code).toBe('INVALID_TOKEN');
  });

  it.each(['company_id', 'sub', 'wallet', 'role', 'exp', 'jti', 'iat', 'iss', 'aud'] as const)(
    'answers 401 INVALID_TOKEN for a token without the %s claim',
    async (claim) => {
      expect((await rejection(bearer(await mintToken({ omit: [claim] })))).code).toBe('INVALID_TOKEN');
    },
  );

  it('answers 401 INVALID_TOKEN for an empty company_id claim', async () => {
    expect((await rejection(bearer(await mintToken({ claims: { company_id: '' } })))).code).toBe('INVALID_TOKEN');
  });

  it('answers 401 INVALID_TOKEN for a token that is not valid yet (nbf half an hour ahead)', async () => {
    const token = await mintToken({ claims: { nbf: Math.floor(Date.now() / 1000) + 1800 } });
    expect((await rejection(bearer(token))).code).toBe('INVALID_TOKEN');
  });
});
