import { describe, expect, it } from 'vitest';
import { call } from '../support/api';

describe('GET /health', () => {
  it('answers 200 {"status":"ok"} as JSON, with no token', async () => {
    const { status, body, headers } = await call('GET', '/health');
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ok' });
    expect(headers.get('content-type')).toBe('application/json');
  });

  it('reads no token: a broken one changes nothing', async () => {
    const { status, body } = await call('GET', '/health', { token: 'not-a-jwt' });
    expect({ status, body }).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('is GET only: another method is an unknown route', async () => {
    expect((await call('POST', '/health')).body).toEqual({ error: 'Not Found' });
  });
});
