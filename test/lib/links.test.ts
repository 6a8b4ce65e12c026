import { afterEach, describe, expect, it, vi } from 'vitest';

/** links.ts reads PUBLIC_BASE_URL once per module load: each case loads it afresh. */
const linksFor = async (base: string) => {
  vi.resetModules();
  vi.stubEnv('PUBLIC_BASE_URL', base);
  return import('../../lib/links');
};

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('issuerDid', () => {
  it('is did:web and the public host', async () => {
    expect((await linksFor('https://dpp.example.com/')).issuerDid()).toBe('did:web:dpp.example.com');
  });

  it('percent-encodes a port, as did:web requires', async () => {
    expect((await linksFor('http://127.0.0.1:3000')).issuerDid()).toBe('did:web:127.0.0.1%3A3000');
  });
});
