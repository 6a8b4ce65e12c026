import { table } from '../aws/dynamodb';
import { keys } from '../data/keys';
import { type ApiKeyItem, hashApiKey, type WalletItem } from './model';

/** The API key (by its hash) and the wallet, in one BatchGetItem. */
export async function readKeyAndWallet(plainKey: string, address: string) {
  const apiKeyKey = keys.apiKey(hashApiKey(plainKey));
  const walletKey = keys.wallet(address);
  const items = await table.batchGet([apiKeyKey, walletKey]);
  const find = (k: { pk: string; sk: string }) => items.find((item) => item.pk === k.pk && item.sk === k.sk);
  return { apiKey: find(apiKeyKey) as ApiKeyItem | undefined, wallet: find(walletKey) as WalletItem | undefined };
}
