import * as v from 'valibot';
import { isAddress } from '../evm/address';

/**
 * A member's e-mail and wallet, as every writer of members checks them (create-invitation,
 * the admin CLI's `user add`). Apart from lib/schemas.ts so that only those bundle them
 * (the wallet's checksum needs Keccak).
 */

/** An address SES and people can use: ASCII local part and a domain with a letter TLD, 254 characters at most. */
const EMAIL =
  /^[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,62}[A-Za-z0-9_%+-])?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}$/;

/** An e-mail address, lower-cased (an e-mail is one member's or invitation's per company, in any case). */
export const email = v.pipe(
  v.string('must be an e-mail address'),
  v.trim(),
  v.maxLength(254, 'must be at most 254 characters'),
  v.regex(EMAIL, 'must be an e-mail address'),
  v.toLowerCase(),
);

/**
 * A wallet's EVM address: `0x` and 40 hex digits; a mixed-case one carries an EIP-55 checksum,
 * so a mistyped letter cannot name someone else's wallet.
 */
export const walletAddress = v.pipe(
  v.string(),
  v.regex(/^0x[0-9a-fA-F]{40}$/, 'must be an EVM address: 0x and 40 hex digits'),
  v.check(isAddress, 'has a wrong EIP-55 checksum: check the address'),
  v.examples(['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0x976ea74026e726554db657fa54763abd0c3a0aa9']),
);
