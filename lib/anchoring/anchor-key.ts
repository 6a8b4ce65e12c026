import { readSecret } from '../aws/secrets';
import { cachedFor } from '../cached';
import { oneOf } from '../config';
import type { Address } from '../evm/address';
import { addressOfPrivateKey, parsePrivateKey } from '../evm/transaction';

/**
 * The key of the anchoring account, which signs every anchor transaction (from itself to
 * itself): `0x` + 64 hex digits, inline locally (ANCHOR_PRIVATE_KEY: the test mnemonic's
 * account 9), from Secrets Manager in the cloud (ANCHOR_KEY_SECRET_ID). Kept for
 * ANCHOR_KEY_TTL_MS, so a key put in the secret is used within that time with no redeploy.
 */
const source = /* @__PURE__ */ oneOf('ANCHOR_PRIVATE_KEY', 'ANCHOR_KEY_SECRET_ID');

export const ANCHOR_KEY_TTL_MS = 5 * 60 * 1000;

export interface AnchorKey {
  privateKey: Uint8Array;
  /** The account's address (EIP-55): the `from` and `to` of every anchor transaction. */
  address: Address;
}

/** The configured key is missing or not a key (the secret's placeholder): the worker waits until it is put in. */
export class AnchorKeyError extends Error {
  override name = 'AnchorKeyError';
}

/** The key from its text; the error never repeats the text (it may be most of a key). */
export function parseAnchorKey(text: string, where: string): AnchorKey {
  let privateKey: Uint8Array;
  try {
    privateKey = parsePrivateKey(text);
  } catch (error) {
    throw new AnchorKeyError(`${where} does not hold an anchoring key: ${(error as Error).message}`);
  }
  return { privateKey, address: addressOfPrivateKey(privateKey) };
}

export const anchorKey = /* @__PURE__ */ cachedFor(ANCHOR_KEY_TTL_MS, async (): Promise<AnchorKey> => {
  const inline = source.first();
  if (inline !== undefined) return parseAnchorKey(inline, 'ANCHOR_PRIVATE_KEY');
  // assertConfigured() made sure one of the two is set.
  return parseAnchorKey((await readSecret(source.second() ?? '')) ?? '', 'The anchoring-key secret');
});
