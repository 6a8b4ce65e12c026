import { describe, expect, it } from 'vitest';
import { call } from '../support/api';

describe('unknown routes ($default)', () => {
  it.each([
    ['GET', '/no-such-route'],
    ['POST', '/dpp/01a19656-4a8b-7000-8000-000000000011'],
    ['GET', '/generateJWT/only-one-segment'],
  ])('%s %s answers 404 {"error":"Not Found"}', async (method, path) => {
    const { status, body, headers } = await call(method, path);
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Not Found' });
    expect(headers.get('content-type')).toBe('application/json');
  });
});
