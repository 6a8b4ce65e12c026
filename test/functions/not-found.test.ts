import { describe, expect, it } from 'vitest';
import { call } from '../support/api';

describe('unknown routes ($default)', () => {
  it.each([
    ['GET', '/no-such-route'],
    ['POST', '/dpp/3f2e1d0c-9b8a-4f7e-8d6c-5b4a3f2e1d01'],
    ['GET', '/generateJWT/only-one-segment'],
  ])('%s %s answers 404 {"error":"Not Found"}', async (method, path) => {
    const { status, body, headers } = await call(method, path);
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Not Found' });
    expect(headers.get('content-type')).toBe('application/json');
  });
});
