import { isConditionFailure } from '../../aws/errors';
import * as table from '../../aws/table';
import { indexPrefix, itemExists, noItem, set, update } from '../../data/expressions';
import * as keys from '../../data/keys';
import { gsi1 } from '../../data/keys';
import { transactWithConditions } from '../../data/transaction';
import type { WalletItem } from '../model';
import { type ApiKeyIdItem, type ApiKeyItem, hashApiKey } from './model';

/**
 * The API key (by its hash) and the wallet, in one BatchGetItem. Strongly consistent, so a key
 * disabled a moment ago (`api-key disable`) issues no token on the very next request.
 */
export async function readKeyAndWallet(plainKey: string, address: string) {
  const apiKeyKey = keys.apiKey(hashApiKey(plainKey));
  const walletKey = keys.wallet(address);
  const items = await table.batchGet([apiKeyKey, walletKey], { consistent: true });
  const find = (k: { pk: string; sk: string }) => items.find((item) => item.pk === k.pk && item.sk === k.sk);
  return { apiKey: find(apiKeyKey) as ApiKeyItem | undefined, wallet: find(walletKey) as WalletItem | undefined };
}

/**
 * Stores a new API key and its id in one transaction, if its company exists (and neither item
 * does: a key is never written over). Resolves to false when the company does not exist.
 */
export async function storeApiKey({ apiKey, pointer }: { apiKey: ApiKeyItem; pointer: ApiKeyIdItem }) {
  const absent = noItem();
  const failed = await transactWithConditions([
    { check: keys.company(apiKey.company_id), condition: itemExists() },
    { put: { ...apiKey }, condition: absent },
    { put: { ...pointer }, condition: absent },
  ]);
  if (failed.includes(0)) return false;
  // 1, 2: the same 256 random bits drawn twice would be a broken random source.
  if (failed.length > 0) throw new Error(`API key transaction refused by condition(s) ${failed.join(', ')}`);
  return true;
}

/** Every API key of a company, oldest first (gsi1.companyApiKeys), across DynamoDB's 1 MB pages. */
export async function readCompanyApiKeys(companyId: string): Promise<ApiKeyItem[]> {
  const partition = gsi1.companyApiKeys(companyId);
  return table.queryAll<ApiKeyItem>({
    index: gsi1.name,
    keyCondition: indexPrefix(partition.gsi1pk, partition.prefix),
  });
}

/**
 * Disables the API key with this id: reads its id item (the key's hash), then sets
 * `enabled = false` on the key if it exists. Resolves to the key as it is now, or undefined
 * for an unknown id.
 */
export async function disableApiKeyById(apiKeyId: string): Promise<ApiKeyItem | undefined> {
  const pointer = await table.get<ApiKeyIdItem>(keys.apiKeyId(apiKeyId));
  if (!pointer) return undefined;
  try {
    return await table.update<ApiKeyItem>(keys.apiKey(pointer.key_hash), update(set('enabled', false)), itemExists());
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}
