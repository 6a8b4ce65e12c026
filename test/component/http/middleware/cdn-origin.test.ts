import { afterAll, describe, expect, it, vi } from 'vitest';
import { apiEvent, invokeEvent } from '../../../support/unit/events';

/**
 * With the CDN on, the API answers only what came through it (lib/http/middleware/cdn-origin.ts):
 * every Middy endpoint refuses a request without CloudFront's origin header and its secret, before
 * anything runs; with the setting unset (locally, no CDN) nothing is checked.
 */
const SECRET = 'a-secret-cloudfront-sends-in-every-origin-request';

/** A public endpoint that answers 200 when it runs, built with CDN_ORIGIN_SECRET as given. */
async function endpoint(secret: string | undefined) {
  vi.resetModules();
  if (secret === undefined) delete process.env.CDN_ORIGIN_SECRET;
  else process.env.CDN_ORIGIN_SECRET = secret;
  const { publicEndpoint } = await import('../../../../lib/http/endpoint');
  const { notFoundRoute } = await import('../../../../lib/api/routes/not-found');
  const { CDN_ORIGIN_HEADER } = await import('../../../../lib/http/middleware/cdn-origin');
  const ran = vi.fn();
  const handler = publicEndpoint(notFoundRoute, async () => {
    ran();
    return { error: 'Not Found' } as never;
  });
  const send = (headers: Record<string, string> = {}) =>
    invokeEvent('not-found', handler as never, apiEvent('not-found', { method: 'GET', url: '/anything', headers }));
  return { send, ran, header: CDN_ORIGIN_HEADER };
}

afterAll(() => {
  delete process.env.CDN_ORIGIN_SECRET;
});

describe('the CDN origin check', () => {
  it('refuses a request without the header, or with another value, with 403 CDN_ONLY before anything runs', async () => {
    const { send, ran, header } = await endpoint(SECRET);
    for (const headers of [{}, { [header]: 'guess' }, { [header]: `${SECRET}x` }, { [header]: '' }]) {
      const answer = await send(headers);
      expect({ headers, status: answer.status, code: answer.json?.code }).toEqual({
        headers,
        status: 403,
        code: 'CDN_ONLY',
      });
    }
    expect(ran).not.toHaveBeenCalled();
  });

  it('lets through what carries the secret', async () => {
    const { send, ran, header } = await endpoint(SECRET);
    expect((await send({ [header]: SECRET })).status).toBe(200);
    expect(ran).toHaveBeenCalledOnce();
  });

  it('checks nothing when the setting is unset (no CDN)', async () => {
    const { send } = await endpoint(undefined);
    expect((await send()).status).toBe(200);
  });
});
