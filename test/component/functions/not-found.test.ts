import { describe, expect, it } from 'vitest';
import { handler as notFound } from '../../../functions/not-found';
import { invoke } from '../../support/unit/events';
import { IDS } from '../../support/unit/items';

describe('unknown routes', () => {
  it.each([
    ['GET', '/does-not-exist'],
    ['POST', `/dpp/${IDS.dpp}`],
    ['DELETE', `/view-dpp-files/${IDS.dpp}`],
    ['GET', '/'],
  ] as const)('%s %s answers 404 exactly {"error":"Not Found"}', async (method, url) => {
    const response = await invoke('not-found', notFound, {
      method,
      url,
      body: method === 'POST' ? '{"a":1}' : undefined,
    });
    expect(response.status).toBe(404);
    expect(response.text).toBe('{"error":"Not Found"}');
    expect(response.headers['content-type']).toBe('application/json');
  });

  it('answers 404 without a token, even with a bearer header that is invalid', async () => {
    const response = await invoke('not-found', notFound, {
      method: 'GET',
      url: '/nope',
      headers: { authorization: 'Bearer x.y.z' },
    });
    expect(response.status).toBe(404);
  });
});
