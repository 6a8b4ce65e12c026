/**
 * The demo wallets, as a person holding them has them: accounts of the public test mnemonic
 * (`test test … junk`, m/44'/60'/0'/0/i), the same accounts the local chain (anvil) funds.
 * 0 Acme admin, 1 Acme editor, 2 Globex admin, 3 Volta admin, 4..8 nobody's (5 is "a
 * stranger"), 9 the local anchoring key; 10.. belong to the invitation demo (docs/demo.md,
 * Wallets). These keys are public: local use only. Used by `npm run sign`, the seed (which
 * notarizes a demo version) and the tests; never bundled into a function (signing there is
 * @noble/curves, audited; the service's recovery is @noble/secp256k1, so each checks the other).
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { defined } from '../../lib/defined';
import { type Address, addressOfPublicKey } from '../../lib/evm/address';
import { personalMessageHash } from '../../lib/evm/personal-sign';

export const TEST_MNEMONIC = 'test test test test test test test test test test test junk';
export const WALLET = { acmeAdmin: 0, acmeEditor: 1, globexAdmin: 2, voltaAdmin: 3, stranger: 5, anchor: 9 } as const;

let root: HDKey | undefined;
const accounts = new Map<number, { privateKey: Uint8Array; address: Address }>();

/** Account `index` of the test mnemonic: its private key and EIP-55 address. */
export function testAccount(index: number): { privateKey: Uint8Array; address: Address } {
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new Error(`no account ${index}`);
  let account = accounts.get(index);
  if (!account) {
    root ??= HDKey.fromMasterSeed(mnemonicToSeedSync(TEST_MNEMONIC));
    const privateKey = defined(root.derive(`m/44'/60'/0'/0/${index}`).privateKey, `the key of account ${index}`);
    account = { privateKey, address: addressOfPublicKey(secp256k1.getPublicKey(privateKey, false)) };
    accounts.set(index, account);
  }
  return account;
}

/** The test-mnemonic account holding `address` (any letter case) among the first `count`, if any. */
export function accountIndexOf(address: string, count = 20): number | undefined {
  for (let i = 0; i < count; i++) if (testAccount(i).address.toLowerCase() === address.toLowerCase()) return i;
  return undefined;
}

/** personal_sign of `message` bytes by `privateKey`: `0x` r ‖ s ‖ v, v 27 or 28, low s (RFC 6979). */
export function personalSign(message: Uint8Array, privateKey: Uint8Array): string {
  const sig = secp256k1.sign(personalMessageHash(message), privateKey, { prehash: false, format: 'recovered' });
  const [recovery = 0] = sig;
  return `0x${bytesToHex(sig.subarray(1))}${(27 + recovery).toString(16)}`;
}

/** What a wallet signs for a hex SHA-256 (with or without 0x): personal_sign of its 32 raw bytes, by account `index`. */
export function signHash(hashHex: string, index: number): string {
  const hex = hashHex.startsWith('0x') ? hashHex.slice(2) : hashHex;
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error('the hash must be 64 hex digits (a SHA-256), with or without 0x');
  return personalSign(hexToBytes(hex), testAccount(index).privateKey);
}
