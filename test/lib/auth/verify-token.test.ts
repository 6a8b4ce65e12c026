import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, SignJWT, UnsecuredJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keyId, type PublicKeys, parsePublicKeys } from '../../../lib/auth/keys';
import { VerifiedTokenCache } from '../../../lib/auth/verified-tokens';
import { tokenVerifier, verifyAuthorization } from '../../../lib/auth/verify-token';
import { ConfigError } from '../../../lib/config';
import { UnauthenticatedError } from '../../../lib/errors';
import { domainFailure, failure } from '../../support/unit/rejection';
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

  it('refuses as INVALID_TOKEN a token signed by another ES256 key under the kid of the service key', async () => {
    // mintToken's default kid is the environment key's: the key is found, the signature fails.
    expect((await rejection(bearer(await mintToken({ key: foreignEs256Key() })))).code).toBe('INVALID_TOKEN');
  });
});

describe('the kid', () => {
  it('refuses as INVALID_TOKEN a token without a kid, though its signature is valid', async () => {
    expect((await rejection(bearer(await mintToken({ kid: null })))).code).toBe('INVALID_TOKEN');
  });

  it.each([
    ['names no accepted key', 'x'.repeat(43)],
    ['is a path', '../../../../dev/null'],
    ['is empty', ''],
  ])('refuses as INVALID_TOKEN a validly signed token whose kid %s', async (_, kid) => {
    expect((await rejection(bearer(await mintToken({ kid })))).code).toBe('INVALID_TOKEN');
  });

  it('refuses as INVALID_TOKEN a token carrying its own key (jwk header) under that key’s kid', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = await exportJWK(publicKey);
    const token = await new SignJWT({ company_id: PRINCIPAL.companyId, wallet: PRINCIPAL.wallet, role: 'admin' })
      .setProtectedHeader({ alg: 'ES256', kid: await calculateJwkThumbprint(jwk), jwk })
      .setSubject(PRINCIPAL.userId)
      .setIssuer(process.env.JWT_ISSUER!)
      .setAudience(process.env.JWT_AUDIENCE!)
      .setIssuedAt()
      .setExpirationTime('1h')
      .setJti('x')
      .sign(privateKey);
    expect((await rejection(bearer(token))).code).toBe('INVALID_TOKEN');
  });
});

/** Two ES256 pairs and a verifier whose accepted keys and clock each test sets. */
const [key1, key2] = [0, 1].map(() => generateKeyPairSync('ec', { namedCurve: 'P-256' })) as [
  { privateKey: KeyObject; publicKey: KeyObject },
  { privateKey: KeyObject; publicKey: KeyObject },
];
const pem = (pair: { publicKey: KeyObject }) => pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();

function rig() {
  const state = { listed: [key1, key2], now: Date.now() };
  let parsed: { listed: unknown; keys: Promise<PublicKeys> } | undefined;
  const verify = tokenVerifier({
    issuer: process.env.JWT_ISSUER!,
    audience: process.env.JWT_AUDIENCE!,
    keys: () => {
      // What a container whose JWT_PUBLIC_KEYS lists these keys holds (parsed once per list).
      if (parsed?.listed !== state.listed)
        parsed = { listed: state.listed, keys: parsePublicKeys(state.listed.map(pem).join('\n')) };
      return parsed.keys;
    },
    cache: new VerifiedTokenCache(),
    now: () => state.now,
  });
  const mint = async (pair: { privateKey: KeyObject }, options: { lifetimeSeconds?: number } = {}) =>
    bearer(
      await mintToken({
        key: pair.privateKey,
        kid: await keyId(pair.privateKey),
        issuedAt: Math.floor(state.now / 1000),
        lifetimeSeconds: options.lifetimeSeconds,
      }),
    );
  return { state, verify, mint };
}

describe('accepted keys', () => {
  it('accepts a token of any listed key, each under its own kid', async () => {
    const { verify, mint } = rig();
    await expect(verify(await mint(key1))).resolves.toEqual(PRINCIPAL);
    await expect(verify(await mint(key2))).resolves.toEqual(PRINCIPAL);
  });

  it('refuses as INVALID_TOKEN a token of a key no longer listed', async () => {
    const { state, verify, mint } = rig();
    const token = await mint(key1);
    state.listed = [key2];
    const error = await domainFailure(verify(token));
    expect([error.kind, error.code]).toEqual(['unauthenticated', 'INVALID_TOKEN']);
  });

  it('fails with a ConfigError (a 500 the log explains), not a 401, when the configured keys cannot be read', async () => {
    const verify = tokenVerifier({
      issuer: 'i',
      audience: 'a',
      keys: () => parsePublicKeys('-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----'),
    });
    expect(await failure(verify(bearer(await mintToken())))).toBeInstanceOf(ConfigError);
  });
});

describe('the verified-token cache', () => {
  // jose checks an ES256 signature with WebCrypto's verify: count those calls.
  let signatureChecks: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    signatureChecks = vi.spyOn(globalThis.crypto.subtle, 'verify');
  });
  afterEach(() => {
    signatureChecks.mockRestore();
  });

  it('checks the signature of a repeated token once, and answers the same principal every time', async () => {
    const header = bearer(await mintToken());
    for (let i = 0; i < 5; i++) await expect(verifyAuthorization(header)).resolves.toEqual(PRINCIPAL);
    expect(signatureChecks).toHaveBeenCalledTimes(1);
  });

  it('never serves a tampered token from the cache: another signature or another payload is checked, and refused', async () => {
    const token = await mintToken();
    await verifyAuthorization(bearer(token));
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const otherSignature = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const [, otherPayload] = (await mintToken({ claims: { company_id: 'someone-else' } })).split('.') as [
      string,
      string,
    ];
    signatureChecks.mockClear();
    for (const tampered of [`${header}.${payload}.${otherSignature}`, `${header}.${otherPayload}.${signature}`]) {
      expect((await rejection(bearer(tampered))).code).toBe('INVALID_TOKEN');
    }
    expect(signatureChecks).toHaveBeenCalledTimes(2);
  });

  it('does not remember a refused token: each try is checked again', async () => {
    const forged = bearer(await mintToken({ key: foreignEs256Key() }));
    signatureChecks.mockClear();
    await rejection(forged);
    await rejection(forged);
    expect(signatureChecks).toHaveBeenCalledTimes(2);
  });

  it('serves a token until its exp, and never after: then it is checked again and refused as TOKEN_EXPIRED', async () => {
    const { state, verify, mint } = rig();
    const token = await mint(key1, { lifetimeSeconds: 60 });
    const exp = (Math.floor(state.now / 1000) + 60) * 1000;
    await verify(token);
    state.now = exp - 1;
    await expect(verify(token)).resolves.toEqual(PRINCIPAL);
    expect(signatureChecks).toHaveBeenCalledTimes(1);
    state.now = exp;
    const error = await domainFailure(verify(token));
    expect(error.code).toBe('TOKEN_EXPIRED');
    expect(signatureChecks).toHaveBeenCalledTimes(2);
  });

  it('never serves a token of a revoked key: once its key leaves the list, the cached token is refused', async () => {
    const { state, verify, mint } = rig();
    const token = await mint(key1);
    await verify(token);
    await verify(token);
    expect(signatureChecks).toHaveBeenCalledTimes(1);
    state.listed = [key2];
    expect((await domainFailure(verify(token))).code).toBe('INVALID_TOKEN');
    // Listing the key again does not bring the entry back: the token is verified afresh.
    state.listed = [key1, key2];
    await expect(verify(token)).resolves.toEqual(PRINCIPAL);
    expect(signatureChecks).toHaveBeenCalledTimes(2);
  });
});
