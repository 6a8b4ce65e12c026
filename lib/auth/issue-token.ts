import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import * as z from 'zod';
import { required } from '../config';
import { getItems, itemKey } from '../data/batch';
import { keys } from '../data/keys';
import { UnauthorizedError } from '../http/errors';
import { type ApiKeyItem, hashApiKey, type WalletItem } from './api-keys';
import { TOKEN_ALGORITHM, TOKEN_LIFETIME_SECONDS } from './claims';
import { signingKey } from './signing-key';

const issuer = required('JWT_ISSUER');
const audience = required('JWT_AUDIENCE');

export const issueTokenInput = z.object({
  params: z.object({
    api_key: z.string().min(1).max(256),
    wallet_address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address'),
  }),
});

/**
 * A token for a wallet of the API key's company. Unknown, disabled and mismatched keys
 * get the same 401, so neither keys nor wallets can be enumerated. One BatchGetItem
 * reads the key and the wallet together.
 */
export async function issueToken(input: z.infer<typeof issueTokenInput>): Promise<{ authToken: string }> {
  const apiKeyKey = keys.apiKey(hashApiKey(input.params.api_key));
  const walletKey = keys.wallet(input.params.wallet_address);
  const items = await getItems([apiKeyKey, walletKey]);
  const apiKey = items.get(itemKey(apiKeyKey)) as ApiKeyItem | undefined;
  const wallet = items.get(itemKey(walletKey)) as WalletItem | undefined;
  if (!apiKey?.enabled || !wallet || wallet.company_id !== apiKey.company_id) {
    throw new UnauthorizedError('invalid API key', 'INVALID_API_KEY');
  }
  const authToken = await new SignJWT({ company_id: wallet.company_id, wallet: wallet.address, role: wallet.role })
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
    .setSubject(wallet.user_id)
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
    .setJti(randomUUID())
    .sign(await signingKey());
  return { authToken };
}
