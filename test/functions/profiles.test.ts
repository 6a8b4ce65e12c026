import { describe, expect, it } from 'vitest';
import battery from '../../lib/profiles/data/battery-passport.json';
import { apiUrl, call } from '../support/api';

/** The profiles over HTTP (docs/profiles.md, Reading profiles): public, fixed answers from the functions' bundles. */
describe('GET /profiles', () => {
  it('lists each profile’s id, name, version, source and categories, with no token', async () => {
    const { status, body, headers } = await call('GET', '/profiles');
    expect(status).toBe(200);
    expect(body.profiles.map((p: { id: string; version: string }) => [p.id, p.version])).toEqual([
      ['battery-passport', '1.2.0'],
      ['espr-minimum', '1.0.0'],
    ]);
    expect(body.profiles[0].source).toMatchObject({ licence: 'CC-BY-4.0', version: '1.2.0' });
    expect(body.profiles[0].categories.map((c: { id: string }) => c.id)).toEqual([
      'ev',
      'lmt',
      'industrial',
      'stationary',
    ]);
    expect(body.profiles[0]).not.toHaveProperty('aspects');
    expect(headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
  });

  it('refuses a query parameter, naming it', async () => {
    const { status, body } = await call('GET', '/profiles?limit=5');
    expect({ status, body }).toEqual({
      status: 400,
      body: {
        error: 'The request is not valid',
        code: 'VALIDATION_ERROR',
        details: [{ path: 'limit', message: 'is not a parameter of this route' }],
      },
    });
  });
});

describe('GET /profiles/{profileId}', () => {
  it('answers the battery passport’s whole catalogue: its data file', async () => {
    const { status, body } = await call('GET', '/profiles/battery-passport');
    expect(status).toBe(200);
    expect(body).toEqual(battery);
    expect(body.aspects.flatMap((a: { attributes: unknown[] }) => a.attributes)).toHaveLength(93);
  });

  it('answers 404 PROFILE_NOT_FOUND for an unknown profile, and 400 for a query parameter', async () => {
    expect(await call('GET', '/profiles/no-such-profile')).toMatchObject({
      status: 404,
      body: { error: 'Profile not found', code: 'PROFILE_NOT_FOUND' },
    });
    expect(await call('GET', '/profiles/battery-passport?lang=de')).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR', details: [{ path: 'lang' }] },
    });
  });

  it('is cacheable: an ETag, then 304 without a body when If-None-Match names it; HEAD alike', async () => {
    const first = await fetch(`${apiUrl}/profiles/espr-minimum`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
    const again = await fetch(`${apiUrl}/profiles/espr-minimum`, { headers: { 'if-none-match': etag! } });
    expect({ status: again.status, body: await again.text() }).toEqual({ status: 304, body: '' });
    const head = await fetch(`${apiUrl}/profiles/espr-minimum`, { method: 'HEAD' });
    expect({ status: head.status, etag: head.headers.get('etag'), body: await head.text() }).toEqual({
      status: 200,
      etag,
      body: '',
    });
  });

  it("echoes the client's x-correlation-id", async () => {
    const { headers } = await call('GET', '/profiles/espr-minimum', { headers: { 'x-correlation-id': 'profiles/1' } });
    expect(headers.get('x-correlation-id')).toBe('profiles/1');
  });
});
