import { describe, expect, it } from 'vitest';
import { sampleOf } from '../../infra/local/samples';
import type { Route } from '../../lib/api/contract';
import { isCatchAll, routes } from '../../lib/api/routes';
import { apiUrl, demoData } from '../support/api';

/**
 * Any answer to a request that carries an access grant's value, valid or not, by query or by
 * header, on every public GET route (lib/http/grant-privacy.ts): `private, no-store` and
 * `Referrer-Policy: no-referrer`, so no shared cache keeps it (the resolver's 307 copies the
 * value into its Location) and no page sends it on. The routes come from the route table, so a
 * new public route is covered with no line here.
 */
const publicGets = routes.filter((route: Route) => route.auth === 'public' && route.method === 'GET');
/** A grant value of the right shape for the seed's X1 that no grant has, and one of no shape at all. */
const VALUES = [`${demoData.versions[0]!.dpp}.not-a-secret`, 'x'];

async function ask(path: string, headers: Record<string, string>) {
  const response = await fetch(`${apiUrl}${path}`, { headers, redirect: 'manual' });
  await response.arrayBuffer();
  return {
    status: response.status,
    cacheControl: response.headers.get('cache-control'),
    referrer: response.headers.get('referrer-policy'),
    location: response.headers.get('location'),
  };
}

const withAccess = (path: string, value: string) =>
  `${path}${path.includes('?') ? '&' : '?'}access=${encodeURIComponent(value)}`;

describe('an answer to a request carrying `access` is never cached publicly', () => {
  it.each(publicGets.filter((route) => !isCatchAll(route)).map((route) => [route.fn, route] as const))(
    '%s: by ?access= and by x-dpp-access, whatever the status',
    async (_fn, route) => {
      const sample = sampleOf(route);
      for (const value of VALUES) {
        for (const [path, headers] of [
          [withAccess(sample.path, value), { ...sample.headers }],
          [sample.path, { ...sample.headers, 'x-dpp-access': value }],
        ] as const) {
          const answer = await ask(path, headers);
          expect({ path, headers, ...answer }).toMatchObject({
            cacheControl: 'private, no-store',
            referrer: 'no-referrer',
          });
        }
      }
    },
  );

  it('the resolver’s 307 that carries the value on in its Location is private', async () => {
    const resolve = routes.find((route) => route.fn === 'resolve-item')!;
    const answer = await ask(withAccess(sampleOf(resolve).path, VALUES[0]!), {});
    expect(answer.status).toBe(307);
    expect(answer.location).toContain(`access=${encodeURIComponent(VALUES[0]!)}`);
    expect(answer.cacheControl).toBe('private, no-store');
  });

  it('the same requests without the value keep their public caching (the test can tell them apart)', async () => {
    const resolve = routes.find((route) => route.fn === 'resolve-item')!;
    expect((await ask(sampleOf(resolve).path, {})).cacheControl).toMatch(/^public/);
  });

  it('an unknown route answered to a request carrying `access` is private too', async () => {
    const answer = await ask('/no-such-route?access=x', {});
    expect(answer).toMatchObject({ status: 404, cacheControl: 'private, no-store' });
  });
});
