import { createHash, randomBytes } from 'node:crypto';
import * as keys from '../../data/keys';
import { gsi1, ItemType } from '../../data/keys';

/** API keys are stored only as their SHA-256 (docs/spec/decisions.md); the plain key is shown once. */
export const hashApiKey = (plainKey: string): string => createHash('sha256').update(plainKey, 'utf8').digest('hex');

/** What a new API key starts with, so one is recognised where it should not be (a log, a repository). */
export const API_KEY_PREFIX = 'dppk_';

/** A new API key: the prefix and 32 random bytes, base64url (48 characters, all URL-safe). */
export const newApiKey = (): string => `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

export interface ApiKeyItem {
  pk: string;
  sk: string;
  type: typeof ItemType.ApiKey;
  /** UUIDv7 (apiKeyId): how the admin CLI lists and disables the key; never the key or its hash. */
  id: string;
  company_id: string;
  /** A label for people (`api-key create --label`). */
  name?: string;
  /** Read by every GET /generateJWT (a strongly consistent read): disabling takes effect on the next token. */
  enabled: boolean;
  created_at: string;
  /** `COMPANY#<companyId>` / `APIKEY#<id>` (gsi1.companyApiKey): a company's keys, oldest first. */
  gsi1pk: string;
  gsi1sk: string;
}

/** An API key's id, pointing at its hash (keys.apiKeyId): a key is found by id without its company. */
export interface ApiKeyIdItem {
  pk: string;
  sk: string;
  type: typeof ItemType.ApiKeyId;
  id: string;
  company_id: string;
  key_hash: string;
  created_at: string;
}

export type NewApiKey = Pick<ApiKeyItem, 'company_id' | 'name' | 'enabled' | 'created_at'>;

/**
 * An API key's id: a UUIDv7 of its creation time whose other 74 bits come from a hash of the
 * key's hash. The same key made at the same time always has the same id, so writing it again
 * (the seed, an import run twice) changes nothing; the id tells nothing about the key.
 */
export function apiKeyId(keyHash: string, createdAt: string): string {
  const time = new Date(createdAt).getTime().toString(16).padStart(12, '0');
  const bits = createHash('sha256').update(`api-key-id:${keyHash}`, 'utf8').digest('hex');
  const variant = ((Number.parseInt(bits.charAt(3), 16) & 0x3) | 0x8).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${bits.slice(0, 3)}-${variant}${bits.slice(4, 7)}-${bits.slice(7, 19)}`;
}

/** An API key's two items, written together: the key (by its hash, what GET /generateJWT reads) and its id. */
export function toApiKeyItems(plainKey: string, key: NewApiKey): { apiKey: ApiKeyItem; pointer: ApiKeyIdItem } {
  const keyHash = hashApiKey(plainKey);
  const id = apiKeyId(keyHash, key.created_at);
  const apiKey: ApiKeyItem = {
    ...keys.apiKey(keyHash),
    ...gsi1.companyApiKey(key.company_id, id),
    type: ItemType.ApiKey,
    id,
    ...key,
  };
  const pointer: ApiKeyIdItem = {
    ...keys.apiKeyId(id),
    type: ItemType.ApiKeyId,
    id,
    company_id: key.company_id,
    key_hash: keyHash,
    created_at: key.created_at,
  };
  return { apiKey, pointer };
}

/** The key's own item alone: what GET /generateJWT reads (tests that never disable the key by id). */
export const toApiKeyItem = (plainKey: string, key: NewApiKey): ApiKeyItem => toApiKeyItems(plainKey, key).apiKey;

/** An API key as the admin CLI lists it: never the key, never its hash. */
export const apiKeyView = (item: ApiKeyItem) => ({
  id: item.id,
  label: item.name ?? '',
  created_at: item.created_at,
  enabled: item.enabled,
});
