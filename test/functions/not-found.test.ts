import { createHash } from 'node:crypto';
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

  it('answers a browser the styled HTML page, its style allowed by hash alone, and an API client the JSON', async () => {
    const browser = await call('GET', '/no-such-route', {
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(browser.status).toBe(404);
    expect(browser.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(browser.headers.get('vary')).toBe('Accept');
    const html = String(browser.body);
    const style = /<style>([^<]+)<\/style>/.exec(html)?.[1] ?? '';
    expect(style).toContain('font:16px/1.5 system-ui');
    const hash = createHash('sha256').update(style).digest('base64');
    expect(browser.headers.get('content-security-policy')).toContain(`style-src 'sha256-${hash}'`);
    expect(browser.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(html).toContain('<h1>Not found</h1>');
    const api = await call('GET', '/no-such-route', { headers: { accept: 'application/json' } });
    expect(api.body).toEqual({ error: 'Not Found' });
  });
});
