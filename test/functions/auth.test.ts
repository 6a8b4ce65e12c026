import { createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, importPKCS8, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../lib/api/routes';
import { badTokens, call, demo, localEnv, tokenFor } from '../support/api';

/**
 * Every authenticated route of the route table is wired to the token check: it refuses a
 * request without a token, and one with a forged token, with 401 before it reads anything.
 * What makes a token bad (expiry, signature, algorithm, issuer, audience, claims) is
 * tested once, in test/lib/auth/verify-token.test.ts.
 */
const authenticated = routes.filter((r) => r.auth === 'jwt');
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'x');

let forged: string;
beforeAll(async () => {
  forged = (await badTokens()).forged!;
});

/** A token with the demo admin's claims, signed by `key` under the header `kid` (none when null). */
async function signed(key: Parameters<SignJWT['sign']>[0], kid: string | null): Promise<string> {
  return new SignJWT({ company_id: demo.acme.company.id, wallet: demo.acme.admin.wallet, role: 'admin' })
    .setProtectedHeader({ alg: 'ES256', ...(kid !== null && { kid }) })
    .setSubject(demo.acme.admin.id)
    .setIssuer(localEnv.JWT_ISSUER!)
    .setAudience(localEnv.JWT_AUDIENCE!)
    .setIssuedAt()
    .setExpirationTime('1h')
    .setJti(randomUUID())
    .sign(key);
}

describe('the kid of a token', () => {
  const path = `/view-dpp-files/${demo.acme.dpp.id}`;
  let serviceKey: Parameters<SignJWT['sign']>[0];
  let serviceKid: string;
  beforeAll(async () => {
    serviceKey = await importPKCS8(localEnv.JWT_PRIVATE_KEY!, 'ES256');
    serviceKid = await calculateJwkThumbprint(createPublicKey(localEnv.JWT_PUBLIC_KEYS!).export({ format: 'jwk' }));
  });

  it('is the thumbprint of the listed public key on every token the service issues, which the routes accept', async () => {
    const token = await tokenFor('acme');
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid).toBe(serviceKid);
    expect((await call('GET', path, { token: await signed(serviceKey, serviceKid) })).status).toBe(200);
  });

  it.each([
    ['no kid', () => signed(serviceKey, null)],
    ['a kid no listed key has', () => signed(serviceKey, 'x'.repeat(43))],
    [
      'the service kid over another key’s signature',
      () => signed(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey, serviceKid),
    ],
  ])('answers 401 INVALID_TOKEN to a token with %s', async (_, token) => {
    const { status, body, headers } = await call('GET', path, { token: await token() });
    expect(status).toBe(401);
    expect(body).toEqual({ error: 'invalid token', code: 'INVALID_TOKEN' });
    expect(headers.get('www-authenticate')).toBe('Bearer');
  });

  it('answers a repeated token the same each time, and a tampered copy of it 401', async () => {
    const token = await signed(serviceKey, serviceKid);
    for (let i = 0; i < 3; i++) expect((await call('GET', path, { token })).status).toBe(200);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const tampered = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await call('GET', path, { token: tampered })).body.code).toBe('INVALID_TOKEN');
  });
});

describe.each(authenticated.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_, route) => {
  it('answers 401 without a token, asking for a Bearer token', async () => {
    const { status, body, headers } = await call(route.method, concrete(route.path));
    expect(status).toBe(401);
    expect(body).toEqual({ error: 'missing bearer token', code: 'UNAUTHORIZED' });
    expect(headers.get('www-authenticate')).toBe('Bearer');
  });

  it('answers 401 INVALID_TOKEN for a token signed by another key', async () => {
    const { status, body } = await call(route.method, concrete(route.path), { token: forged });
    expect(status).toBe(401);
    expect(body.code).toBe('INVALID_TOKEN');
  });
});

describe('public routes', () => {
  it('are exactly the token endpoint, the passport view, its aspects and their history, a version document, a published DPP’s file and image downloads, the GS1 Digital Link resolver (item, product and its description), the passport page, the invitation page and accepting an invitation, a version’s verification, the issuer’s DID document, the credentials’ JSON-LD context, the sector profiles, the grant-checked downloads, the EN 18222 reads (by id, product, date and element, and the ids by product), the health check and the unknown-route catch-all', () => {
    expect(
      routes
        .filter((r) => r.auth === 'public')
        .map((r) => r.fn)
        .sort(),
    ).toEqual([
      'accept-invitation',
      'describe-resolver',
      'download-dpp-file',
      'download-dpp-image',
      'generate-jwt',
      'get-did-document',
      'get-dpp',
      'get-dpp-context',
      'get-dpp-version-document',
      'get-invitation-page',
      'get-passport-page',
      'get-profile',
      'get-public-dpp-aspect',
      'get-public-dpp-file',
      'get-public-dpp-image',
      'health',
      'list-profiles',
      'list-public-dpp-aspect-history',
      'not-found',
      'read-passport',
      'read-passport-at-date',
      'read-passport-by-product',
      'read-passport-element',
      'read-passport-ids',
      'resolve-item',
      'resolve-product',
      'verify-dpp-version',
    ]);
  });
});
