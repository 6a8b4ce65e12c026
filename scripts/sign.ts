/**
 * `npm run sign -- <hex hash> [--index i]`: the EIP-191 `personal_sign` signature of the 32 RAW
 * BYTES of a SHA-256 hash (what a wallet makes of a `0x…` message, and what
 * `POST /version/{dppId}/notarize` checks), by account `i` (default 0) of the well-known test
 * mnemonic (`test test … junk`, m/44'/60'/0'/0/i): the demo wallets (README, Demo
 * credentials). Prints the signature and the signing address. These keys are public: for
 * local use only.
 *   npm run sign -- $(sha256sum report.pdf | cut -d' ' -f1) --index 0
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { type Address, addressOfPublicKey } from '../lib/evm/address';
import { personalMessageHash } from '../lib/evm/personal-sign';
import { fromHex, type Hex, toHex } from '../lib/evm/transaction';

export const TEST_MNEMONIC = 'test test test test test test test test test test test junk';

/** The private key of test-mnemonic account `index`. */
export function testAccountKey(index: number): Uint8Array {
  const key = HDKey.fromMasterSeed(mnemonicToSeedSync(TEST_MNEMONIC)).derive(`m/44'/60'/0'/0/${index}`).privateKey;
  if (!key) throw new Error(`no key for account ${index}`);
  return key;
}

/** `0x` + r ‖ s ‖ v (v 27 or 28, s low), as wallets answer personal_sign, and the signer's address. */
export function personalSignHash(hash: string, index: number): { signature: Hex; address: Address } {
  if (!/^(0x)?[0-9a-fA-F]{64}$/.test(hash))
    throw new Error('the hash must be 64 hex digits (a SHA-256), with or without 0x');
  const key = testAccountKey(index);
  const message = fromHex(hash.startsWith('0x') ? hash : `0x${hash}`);
  // noble's "recovered" layout: the recovery bit, then r and s.
  const recovered = secp256k1.sign(personalMessageHash(message), key, { prehash: false, format: 'recovered' });
  const signature = new Uint8Array(65);
  signature.set(recovered.subarray(1, 65), 0);
  signature[64] = 27 + (recovered[0] ?? 0);
  return { signature: toHex(signature), address: addressOfPublicKey(secp256k1.getPublicKey(key, false)) };
}

const isMain = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
const USAGE = 'usage: npm run sign -- <hex SHA-256 hash> [--index <test-mnemonic account, default 0>]';

function parse(): { hash: string; index: number } | undefined {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: { index: { type: 'string', short: 'i', default: '0' } },
    });
    const index = Number(values.index);
    const [hash] = positionals;
    if (hash === undefined || positionals.length > 1 || !/^\d+$/.test(values.index) || index >= 2 ** 31)
      return undefined;
    return { hash, index };
  } catch {
    return undefined; // an unknown option, or --index without a value
  }
}

if (isMain) {
  const args = parse();
  if (!args) {
    console.error(USAGE);
    process.exit(2);
  }
  try {
    const { signature, address } = personalSignHash(args.hash, args.index);
    console.log(`signature: ${signature}`);
    console.log(`address:   ${address}   (test-mnemonic account ${args.index}; its key is public, for local use only)`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
}
