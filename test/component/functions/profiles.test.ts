import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { handler as getProfile } from '../../../functions/get-profile';
import { handler as listProfiles } from '../../../functions/list-profiles';
import { getProfileDocs } from '../../../lib/api/routes/get-profile';
import { listProfilesDocs } from '../../../lib/api/routes/list-profiles';
import battery from '../../../lib/profiles/data/battery-passport.json';
import { invoke } from '../../support/unit/events';

/**
 * The profiles' two reads, each its real handler on the event API Gateway sends (the same
 * cases over HTTP are test/functions/profiles.test.ts): fixed answers, no Middy, no AWS call.
 */
const list = (url: string, headers: Record<string, string> = {}) =>
  invoke('list-profiles', listProfiles as never, { method: 'GET', url, headers });
const get = (url: string, headers: Record<string, string> = {}) =>
  invoke('get-profile', getProfile as never, { method: 'GET', url, headers });

describe('GET /profiles', () => {
  it('lists each profile’s summary, as its row’s response schema says, cacheable by anyone', async () => {
    const response = await list('/profiles');
    expect(response.status).toBe(200);
    expect(v.safeParse(listProfilesDocs.response, response.json).issues).toBeUndefined();
    expect(response.json.profiles.map((p: { id: string }) => p.id)).toEqual(['battery-passport', 'espr-minimum']);
    expect(response.headers).toMatchObject({
      'cache-control': 'public, max-age=60, stale-while-revalidate=600',
      'access-control-allow-origin': '*',
      'content-type': 'application/json',
    });
  });

  it('refuses every query parameter, naming each, as the validation middleware words it', async () => {
    const response = await list('/profiles?limit=5&cursor=x');
    expect({ status: response.status, body: response.json }).toEqual({
      status: 400,
      body: {
        error: 'The request is not valid',
        code: 'VALIDATION_ERROR',
        details: [
          { path: 'limit', message: 'is not a parameter of this route' },
          { path: 'cursor', message: 'is not a parameter of this route' },
        ],
      },
    });
  });
});

describe('GET /profiles/{profileId}', () => {
  it('answers the profile’s data file, as its row’s response schema says', async () => {
    const response = await get('/profiles/battery-passport');
    expect(response.status).toBe(200);
    expect(response.json).toEqual(battery);
    expect(v.safeParse(getProfileDocs.response, response.json).issues).toBeUndefined();
  });

  it('answers 404 PROFILE_NOT_FOUND for an unknown id', async () => {
    const response = await get('/profiles/bicycle-passport');
    expect({ status: response.status, body: response.json }).toEqual({
      status: 404,
      body: { error: 'Profile not found', code: 'PROFILE_NOT_FOUND' },
    });
  });

  it('answers 304 without a body when If-None-Match names its ETag', async () => {
    const first = await get('/profiles/espr-minimum');
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const again = await get('/profiles/espr-minimum', { 'if-none-match': first.headers.etag! });
    expect({ status: again.status, text: again.text, etag: again.headers.etag }).toEqual({
      status: 304,
      text: '',
      etag: first.headers.etag,
    });
  });

  it("echoes the client's x-correlation-id on every answer", async () => {
    for (const url of ['/profiles/espr-minimum', '/profiles/nothing', '/profiles/espr-minimum?x=1'])
      expect((await get(url, { 'x-correlation-id': 'probe/7' })).headers['x-correlation-id']).toBe('probe/7');
  });
});
