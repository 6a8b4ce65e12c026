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

  it("echoes the client's x-correlation-id, and without one an id of its own", async () => {
    const sent = await call('GET', '/health', { headers: { 'x-correlation-id': 'uptime-probe/42' } });
    expect(sent.headers.get('x-correlation-id')).toBe('uptime-probe/42');
    const own = await call('GET', '/health');
    expect(own.headers.get('x-correlation-id')).toMatch(/^[\x21-\x7e]{1,128}$/);
  });
});
