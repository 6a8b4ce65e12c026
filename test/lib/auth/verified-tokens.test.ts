import { describe, expect, it } from 'vitest';
import type { Principal } from '../../../lib/auth/claims';
import { VerifiedTokenCache } from '../../../lib/auth/verified-tokens';

const principal = (userId: string): Principal => ({ userId, companyId: 'c', wallet: '0xw', role: 'admin' });
const accepted = new Set(['kid-1', 'kid-2']);
const NOW = 1_000_000;
const LATER = NOW + 60_000;

describe('VerifiedTokenCache', () => {
  it('serves a stored token until its expiry, then drops it', () => {
    const cache = new VerifiedTokenCache();
    cache.set('t', principal('u1'), 'kid-1', LATER);
    expect(cache.get('t', accepted, NOW)).toEqual(principal('u1'));
    expect(cache.get('t', accepted, LATER - 1)).toEqual(principal('u1'));
    expect(cache.get('t', accepted, LATER)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.get('t', accepted, NOW)).toBeUndefined();
  });

  it('drops a token whose key is no longer accepted, and does not serve it when the key comes back', () => {
    const cache = new VerifiedTokenCache();
    cache.set('t', principal('u1'), 'kid-1', LATER);
    expect(cache.get('t', new Set(['kid-2']), NOW)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.get('t', accepted, NOW)).toBeUndefined();
  });

  it('is keyed by the exact token string', () => {
    const cache = new VerifiedTokenCache();
    cache.set('aaa.bbb.ccc', principal('u1'), 'kid-1', LATER);
    expect(cache.get('aaa.bbb.ccC', accepted, NOW)).toBeUndefined();
    expect(cache.get('aaa.bbb.cc', accepted, NOW)).toBeUndefined();
    expect(cache.get(' aaa.bbb.ccc', accepted, NOW)).toBeUndefined();
  });

  it('holds at most maxEntries, evicting the least recently used first', () => {
    const cache = new VerifiedTokenCache(3);
    for (const token of ['a', 'b', 'c']) cache.set(token, principal(token), 'kid-1', LATER);
    cache.get('a', accepted, NOW); // a is now the most recently used; b the least
    cache.set('d', principal('d'), 'kid-1', LATER);
    expect(cache.size).toBe(3);
    expect(cache.get('b', accepted, NOW)).toBeUndefined();
    for (const token of ['a', 'c', 'd']) expect(cache.get(token, accepted, NOW)?.userId).toBe(token);
  });

  it('replaces an entry stored again without growing', () => {
    const cache = new VerifiedTokenCache(2);
    cache.set('a', principal('a'), 'kid-1', LATER);
    cache.set('b', principal('b'), 'kid-1', LATER);
    cache.set('a', principal('a'), 'kid-2', LATER);
    expect(cache.size).toBe(2);
    expect(cache.get('b', accepted, NOW)?.userId).toBe('b');
  });

  it('hands out a frozen copy, so no request can change what the next one is served', () => {
    const cache = new VerifiedTokenCache();
    const original = principal('u1');
    const stored = cache.set('t', original, 'kid-1', LATER);
    original.companyId = 'changed after storing';
    const served = cache.get('t', accepted, NOW)!;
    expect(Object.isFrozen(stored) && Object.isFrozen(served)).toBe(true);
    expect(() => {
      (served as Principal).companyId = 'other';
    }).toThrow(TypeError);
    expect(cache.get('t', accepted, NOW)?.companyId).toBe('c');
  });
});
