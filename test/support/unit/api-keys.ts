import { toApiKeyItem } from '../../../lib/companies/api-keys/model';
import { toWalletItem } from '../../../lib/companies/model';
import { OTHER_COMPANY_ID, PRINCIPAL } from './tokens';

/**
 * API keys and wallets for token-issue tests, built through lib/companies/api-keys/model and lib/companies/model as the seed
 * builds them (keys are stored by their hash, addresses lowercased).
 */
export const API_KEY = 'dpp_live_3b9d1c0e7f5a4c2e9b8d7a6f5e4d3c2b';
export const DISABLED_KEY = 'dpp_live_disabled_0000000000000000000000';
export const OTHER_COMPANY_KEY = 'dpp_live_other_company_000000000000000000';
export const UNKNOWN_KEY = 'dpp_live_unknown_00000000000000000000000';
export const WALLET = '0x00000000000000000000000000000000000000aa';
export const OTHER_COMPANY_WALLET = '0x00000000000000000000000000000000000000bb';
export const UNKNOWN_WALLET = '0x00000000000000000000000000000000000000cc';

const apiKey = (plain: string, companyId: string, enabled: boolean) =>
  toApiKeyItem(plain, { company_id: companyId, name: 'unit key', enabled, created_at: '2026-01-01T00:00:00.000Z' });

export const authItems = [
  apiKey(API_KEY, PRINCIPAL.companyId, true),
  apiKey(DISABLED_KEY, PRINCIPAL.companyId, false),
  apiKey(OTHER_COMPANY_KEY, OTHER_COMPANY_ID, true),
  toWalletItem({ address: WALLET, user_id: PRINCIPAL.userId, company_id: PRINCIPAL.companyId, role: 'admin' }),
  toWalletItem({ address: OTHER_COMPANY_WALLET, user_id: 'user-other', company_id: OTHER_COMPANY_ID, role: 'admin' }),
];
