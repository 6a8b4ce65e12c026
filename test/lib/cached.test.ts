import { describe, expect, it } from 'vitest';
import { cachedFor, loadedOnce } from '../../lib/cached';

/** A loader that counts its calls and answers each with what `next` says. */
function loader() {
  const state = { calls: 0, next: (call: number): Promise<string> => Promise.resolve(`key ${call}`) };
  const load = () => {
    state.calls += 1;
    return state.next(state.calls);
  };
  return { state, load };
}

describe('cachedFor', () => {
  const TTL = 5 * 60_000;

  it('loads once and serves the same value until the TTL has passed', async () => {
    let now = 1_000_000;
    const { state, load } = loader();
    const get = cachedFor(TTL, load, () => now);
    expect(await get()).toBe('key 1');
    now += TTL - 1;
    expect(await get()).toBe('key 1');
    expect(state.calls).toBe(1);
  });

  it('loads again once the TTL has passed, so a rotated secret signs new tokens without a redeploy', async () => {
    let now = 1_000_000;
    const { state, load } = loader();
    const get = cachedFor(TTL, load, () => now);
    await get();
    now += TTL;
    expect(await get()).toBe('key 2');
    now += TTL - 1;
    expect(await get()).toBe('key 2');
    expect(state.calls).toBe(2);
  });

  it('shares one load between concurrent callers', async () => {
    const { state, load } = loader();
    const get = cachedFor(TTL, load, () => 0);
    expect(await Promise.all([get(), get(), get()])).toEqual(['key 1', 'key 1', 'key 1']);
    expect(state.calls).toBe(1);
  });

  it('forgets a failed load, so the next call retries at once, well within the TTL', async () => {
    const now = 1_000_000;
    const { state, load } = loader();
    state.next = (call) =>
      call === 1 ? Promise.reject(new Error('Secrets Manager unavailable')) : Promise.resolve(`key ${call}`);
    const get = cachedFor(TTL, load, () => now);
    await expect(get()).rejects.toThrow('Secrets Manager unavailable');
    expect(await get()).toBe('key 2');
    expect(await get()).toBe('key 2');
    expect(state.calls).toBe(2);
  });

  it('forgets a failed reload after the TTL too: the request fails, the next one retries', async () => {
    let now = 1_000_000;
    const { state, load } = loader();
    state.next = (call) => (call === 2 ? Promise.reject(new Error('throttled')) : Promise.resolve(`key ${call}`));
    const get = cachedFor(TTL, load, () => now);
    await get();
    now += TTL;
    await expect(get()).rejects.toThrow('throttled');
    expect(await get()).toBe('key 3');
  });
});

describe('loadedOnce', () => {
  it('keeps a loaded value for the life of the container and retries a failed load', async () => {
    const { state, load } = loader();
    state.next = (call) => (call === 1 ? Promise.reject(new Error('not yet')) : Promise.resolve(`key ${call}`));
    const get = loadedOnce(load);
    await expect(get()).rejects.toThrow('not yet');
    expect(await get()).toBe('key 2');
    expect(await get()).toBe('key 2');
    expect(state.calls).toBe(2);
  });
});
