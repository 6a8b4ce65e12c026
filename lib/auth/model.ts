import { createHash } from 'node:crypto';
import { ItemType, keys } from '../data/keys';

/** API keys are stored only as their SHA-256 (decisions.md); the plain key is shown once. */
export const hashApiKey = (plainKey: string): string => createHash('sha256').update(plainKey, 'utf8').digest('hex');

export interface ApiKeyItem {
  pk: string;
  sk: string;
  type: typeof ItemType.ApiKey;
  company_id: string;
  name: string;
  enabled: boolean;
  created_at: string;
}

/** Which user and company a wallet belongs to, so a token can be issued in one read. */
export interface WalletItem {
  pk: string;
  sk: string;
  type: typeof ItemType.Wallet;
  address: string;
  user_id: string;
  company_id: string;
  role: string;
}

export function toApiKeyItem(plainKey: string, key: Omit<ApiKeyItem, 'pk' | 'sk' | 'type'>): ApiKeyItem {
  return { ...keys.apiKey(hashApiKey(plainKey)), type: ItemType.ApiKey, ...key };
}

export function toWalletItem(wallet: Omit<WalletItem, 'pk' | 'sk' | 'type'>): WalletItem {
  const address = wallet.address.toLowerCase();
  return { ...keys.wallet(address), type: ItemType.Wallet, ...wallet, address };
}
