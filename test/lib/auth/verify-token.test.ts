import { UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifyAuthorization } from '../../../lib/auth/verify-token';
import { UnauthenticatedError } from '../../../lib/errors';
import { domainFailure } from '../../support/unit/rejection';
import { bearer, foreignEs256Key, mintToken, PRINCIPAL, publicKeyAsHmacSecret } from '../../support/unit/tokens';

/** Every refusal is the same kind, `unauthenticated` (401 with `www-authenticate: Bearer`, see lib/http/middleware/errors). */
async function rejection(header: string | undefined): Promise<UnauthenticatedError> {
  const error = await domainFailure(verifyAuthorization(header));
  expect(error).toBeInstanceOf(UnauthenticatedError);
  expect(error.kind).toBe('unauthenticated');
  return error as UnauthenticatedError;
}

describe('verifyAuthorization', () => {
  it('returns the principal of a valid token', async () => {
    await expect(verifyAuthorization(bearer(await mintToken()))).resolves.toEqual(PRINCIPAL);
  });

  it('accepts surrounding whitespace in the header', async () => {
    await expect(verifyAuthorization(`  ${bearer(await mintToken())} `)).resolves.toEqual(PRINCIPAL);
  });

  it('refuses a missing header as UNAUTHORIZED', async () => {
    expect((await rejection(undefined)).code).toBe('UNAUTHORIZED');
    expect((await rejection('')).code).toBe('UNAUTHORIZED');
  });

  it('refuses a scheme other than Bearer as UNAUTHORIZED', async () => {
    const token = await mintToken();
    expect((await rejection(`Basic ${Buffer.from('user:pass').toString('base64')}`)).code).toBe('UNAUTHORIZED');
    expect((await rejection(`Token ${token}`)).code).toBe('UNAUTHORIZED');
    expect((await rejection(token)).code).toBe('UNAUTHORIZED');
  });

  it('refuses a bearer value that is not three base64url segments as UNAUTHORIZED', async () => {
    expect((await rejection('Bearer not-a-jwt')).code).toBe('UNAUTHORIZED');
    expect((await rejection('Bearer a.b')).code).toBe('UNAUTHORIZED');
    expect((await rejection('Bearer a.b.c.d')).code).toBe('UNAUTHORIZED');
  });

  it('refuses as INVALID_TOKEN three base64url segments that do not decode to a JWT', async () => {
    expect((await rejection('Bearer aaaa.bbbb.cccc')).code).toBe('INVALID_TOKEN');
  });

  it('refuses as INVALID_TOKEN a token whose signature was tampered with', async () => {
    const [header, payload, signature] = (await mintToken()).split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await rejection(bearer(`${header}.${payload}.${flipped}`))).code).toBe('INVALID_TOKEN');
  });

  it('refuses as INVALID_TOKEN a payload swapped under a valid signature (another company)', async () => {
    const [header, , signature] = (await mintToken()).split('.') as [string, string, string];
    const [, otherPayload] = (await mintToken({ claims: { company_id: 'someone-else' } })).split('.') as [
      string,
      string,
    ];
    expect((await rejection(bearer(`${header}.${otherPayload}.${signature}`))).code).toBe('INVALID_TOKEN');
  });

  it('refuses an expired token as TOKEN_EXPIRED', async () => {
    const issuedAt = Math.floor(Date.now() / 1000) - 2 * 3600;
    const error = await rejection(bearer(await mintToken({ issuedAt, lifetimeSeconds: 3600 })));
    expect(error.code).toBe('TOKEN_EXPIRED');
  });

  it('refuses as INVALID_TOKEN a token signed by another ES256 key', async () => {
    expect((await rejection(bearer(await mintToken({ key: foreignEs256Key() })))).code).toBe('INVALID_TOKEN');
  });

  it('refuses as INVALID_TOKEN an HS256 token keyed with the public key (algorithm confusion)', async () => {
    const token = await mintToken({ alg: 'HS256', key: publicKeyAsHmacSecret() });
    expect((await rejection(bearer(token))).code).toBe('INVALID_TOKEN');
  });

  it('refuses an unsigned token (alg "none")', async () => {
    const token = new UnsecuredJWT({
      sub: PRINCIPAL.userId,
      company_id: PRINCIPAL.companyId,
      wallet: PRINCIPAL.wallet,
      role: 'admin',
    })
      .setIssuer(process.env.JWT_ISSUER!)
      .setAudience(process.env.JWT_AUDIENCE!)
      .setIssuedAt()
      .setExpirationTime('1h')
      .setJti('x')
      .encode();
    await rejection(bearer(token));
  });

  it('refuses as INVALID_TOKEN a token of another issuer', async () => {
    expect((await rejection(bearer(await mintToken({ claims: { iss: 'https://evil.example' } })))).code).toBe(
      'INVALID_TOKEN',
    );
  });

  it('refuses as INVALID_TOKEN a token for another audience', async () => {
    expect((await rejection(bearer(await mintToken({ claims: { aud: 'another-api' } })))).code).toBe('INVALID_TOKEN');
  });

  it.each(['company_id', 'sub', 'wallet', 'role', 'exp', 'jti', 'iat', 'iss', 'aud'] as const)(
    'refuses as INVALID_TOKEN a token without the %s claim',
    async (claim) => {
      expect((await rejection(bearer(await mintToken({ omit: [claim] })))).code).toBe('INVALID_TOKEN');
    },
  );

  it('refuses as INVALID_TOKEN an empty company_id claim', async () => {
    expect((await rejection(bearer(await mintToken({ claims: { company_id: '' } })))).code).toBe('INVALID_TOKEN');
  });

  it('refuses as INVALID_TOKEN a token that is not valid yet (nbf half an hour ahead)', async () => {
    const token = await mintToken({ claims: { nbf: Math.floor(Date.now() / 1000) + 1800 } });
    expect((await rejection(bearer(token))).code).toBe('INVALID_TOKEN');
  });
});
