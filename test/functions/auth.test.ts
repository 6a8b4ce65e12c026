import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../lib/api/routes';
import { badTokens, call } from '../support/api';

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
  it('are exactly the token endpoint, the passport view and the unknown-route catch-all', () => {
    expect(routes.filter((r) => r.auth === 'public').map((r) => r.fn)).toEqual([
      'generate-jwt',
      'get-dpp',
      'not-found',
    ]);
  });
});
