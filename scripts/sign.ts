/**
 * `npm run sign -- <hex hash> [--index i]`: the EIP-191 `personal_sign` signature of the 32 RAW
 * BYTES of a SHA-256 hash (what a wallet makes of a `0x…` message, and what
 * `POST /version/{dppId}/notarize` checks), by account `i` (default 0) of the well-known test
 * mnemonic (`test test … junk`, m/44'/60'/0'/0/i): the demo wallets (docs/demo.md,
 * Wallets). Prints the signature and the signing address. These keys are public: for
 * local use only.
 *   npm run sign -- $(sha256sum report.pdf | cut -d' ' -f1) --index 0
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadTestWallets } from '../infra/local';
import type { Address } from '../lib/evm/address';

const { signHash, testAccount } = await loadTestWallets();

/** `0x` + r ‖ s ‖ v (v 27 or 28, s low), as wallets answer personal_sign, and the signer's address. */
export function personalSignHash(hash: string, index: number): { signature: string; address: Address } {
  return { signature: signHash(hash, index), address: testAccount(index).address };
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
