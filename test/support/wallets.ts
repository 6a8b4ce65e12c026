import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { type Address, addressOfPublicKey } from '../../lib/evm/address';
import { personalMessageHash } from '../../lib/evm/personal-sign';

/**
 * The demo wallets, as a person with a wallet holds them: accounts of the public test mnemonic
 * (m/44'/60'/0'/0/i). 0 Acme admin, 1 Acme editor, 2 Globex admin, 3 Volta admin, 4..8 nobody's
 * (5 is "a stranger"), 9 the local anchoring key. Signing is @noble/curves (audited), so the
 * service's recovery on @noble/secp256k1 is checked against another implementation.
 */
export const TEST_MNEMONIC = 'test test test test test test test test test test test junk';
export const WALLET = { acmeAdmin: 0, acmeEditor: 1, globexAdmin: 2, voltaAdmin: 3, stranger: 5 } as const;

let root: HDKey | undefined;
const accounts = new Map<number, { privateKey: Uint8Array; address: Address }>();

/** Account `index` of the test mnemonic: its private key and EIP-55 address. */
export function testAccount(index: number): { privateKey: Uint8Array; address: Address } {
  let account = accounts.get(index);
  if (!account) {
    root ??= HDKey.fromMasterSeed(mnemonicToSeedSync(TEST_MNEMONIC));
    const privateKey = root.derive(`m/44'/60'/0'/0/${index}`).privateKey!;
    account = { privateKey, address: addressOfPublicKey(secp256k1.getPublicKey(privateKey, false)) };
    accounts.set(index, account);
  }
  return account;
}

/** personal_sign of `message` bytes by `privateKey`: `0x` r ‖ s ‖ v, v 27 or 28, low s (RFC 6979). */
export function personalSign(message: Uint8Array, privateKey: Uint8Array): string {
  const sig = secp256k1.sign(personalMessageHash(message), privateKey, { prehash: false, format: 'recovered' });
  return `0x${bytesToHex(sig.subarray(1))}${(27 + sig[0]!).toString(16)}`;
}

/** What a wallet signs for a hex hash: personal_sign of its 32 raw bytes, by account `index`. */
export const signHash = (hashHex: string, index: number): string =>
  personalSign(hexToBytes(hashHex), testAccount(index).privateKey);
