import { createHash } from 'node:crypto';

/** API keys are stored only as their SHA-256 (decisions.md); the plain key is shown once. */
export const hashApiKey = (plainKey: string): string => createHash('sha256').update(plainKey, 'utf8').digest('hex');

export interface ApiKeyItem {
  pk: string;
  sk: string;
  type: 'APIKEY';
  company_id: string;
  name: string;
  enabled: boolean;
  created_at: string;
}

export interface WalletItem {
  pk: string;
  sk: string;
  type: 'WALLET';
  address: string;
  user_id: string;
  company_id: string;
  role: string;
}
