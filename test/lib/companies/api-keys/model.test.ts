import { describe, expect, it } from 'vitest';
import {
  API_KEY_PREFIX,
  apiKeyId,
  apiKeyView,
  hashApiKey,
  newApiKey,
  toApiKeyItems,
} from '../../../../lib/companies/api-keys/model';

const CREATED_AT = '2026-11-01T09:00:00.000Z';
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const key = { company_id: 'c1', name: 'backend', enabled: true, created_at: CREATED_AT };

describe('newApiKey', () => {
  it('makes a URL-safe key of the prefix and 32 random bytes, a new one each time', () => {
    const [a, b] = [newApiKey(), newApiKey()];
    expect(a).toMatch(/^dppk_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.slice(API_KEY_PREFIX.length), 'base64url')).toHaveLength(32);
    expect(a).not.toBe(b);
  });
});

describe('apiKeyId', () => {
  it('is a UUIDv7 of the creation time, the same for the same key and time, another for another key', () => {
    const id = apiKeyId(hashApiKey('k1'), CREATED_AT);
    expect(id).toMatch(UUID_V7);
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(Date.parse(CREATED_AT));
    expect(apiKeyId(hashApiKey('k1'), CREATED_AT)).toBe(id);
    expect(apiKeyId(hashApiKey('k2'), CREATED_AT)).not.toBe(id);
  });

  it('shows nothing of the key’s hash', () => {
    const hash = hashApiKey('k1');
    const bits = apiKeyId(hash, CREATED_AT).replace(/-/g, '').slice(13);
    expect(hash).not.toContain(bits.slice(0, 8));
  });
});

describe('toApiKeyItems', () => {
  it('stores the key by its hash with its id and company index, and an id item that points at the hash', () => {
    const { apiKey, pointer } = toApiKeyItems('plain-key', key);
    const hash = hashApiKey('plain-key');
    expect(apiKey).toMatchObject({ pk: `APIKEY#${hash}`, id: pointer.id, gsi1pk: 'COMPANY#c1', enabled: true });
    expect(apiKey.gsi1sk).toContain(pointer.id);
    expect(pointer).toMatchObject({ pk: `APIKEYID#${apiKey.id}`, key_hash: hash, company_id: 'c1' });
    expect(JSON.stringify([apiKey, pointer])).not.toContain('plain-key');
  });

  it('writes the same items for the same key again (the seed, an import run twice)', () => {
    expect(toApiKeyItems('plain-key', key)).toEqual(toApiKeyItems('plain-key', key));
  });

  it('lists a key by id, label, time and state: never the key or its hash', () => {
    const { apiKey } = toApiKeyItems('plain-key', key);
    expect(apiKeyView(apiKey)).toEqual({ id: apiKey.id, label: 'backend', created_at: CREATED_AT, enabled: true });
  });
});
