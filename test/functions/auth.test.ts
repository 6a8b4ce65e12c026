import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../lib/api/routes';
import { badTokens, call } from '../support/api';

/**
 * Every authenticated route of the route table refuses a missing, malformed, expired,
 * forged or foreign-audience token with 401 before it reads anything.
 */
const authenticated = routes.filter((r) => r.auth === 'jwt');
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'x');

let tokens: Record<string, string>;
beforeAll(async () => {
  tokens = await badTokens();
});

describe.each(authenticated.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_, route) => {
  it('answers 401 without a token', async () => {
    const { status, body, headers } = await call(route.method, concrete(route.path));
    expect(status).toBe(401);
    expect(body).toEqual({ error: 'missing bearer token', code: 'UNAUTHORIZED' });
    expect(headers.get('www-authenticate')).toBe('Bearer');
  });

  it.each(['expired', 'forged', 'wrongAudience', 'garbage'])('answers 401 for a %s token', async (kind) => {
    const { status, body } = await call(route.method, concrete(route.path), { token: tokens[kind] });
    expect(status).toBe(401);
    expect(body.code).toMatch(/^(TOKEN_EXPIRED|INVALID_TOKEN|UNAUTHORIZED)$/);
  });
});

describe('public routes', () => {
  it('are exactly the token endpoint, the passport view and the unknown-route catch-all', () => {
    expect(routes.filter((r) => r.auth === 'public').map((r) => r.fn)).toEqual(['generate-jwt', 'get-dpp', 'not-found']);
  });
});
