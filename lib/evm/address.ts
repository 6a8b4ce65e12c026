import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Ethereum addresses: the last 20 bytes of the Keccak-256 of a public key, written as `0x` and
 * 40 hex digits in the EIP-55 mixed-case checksum (https://eips.ethereum.org/EIPS/eip-55).
 * Keccak from the audited @noble/hashes; nothing else.
 */
export type Address = `0x${string}`;

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * The EIP-55 spelling of a 20-byte address, given as bytes or as `0x`-hex in any letter case
 * (the case is not checked here: see isAddress). Throws on anything that is not 20 bytes.
 */
export function checksumAddress(address: Uint8Array | string): Address {
  let lower: string;
  if (typeof address === 'string') {
    if (!HEX_ADDRESS.test(address)) throw new Error('an address is 0x and 40 hex digits');
    lower = address.slice(2).toLowerCase();
  } else {
    if (address.length !== 20) throw new Error('an address is 20 bytes');
    lower = bytesToHex(address);
  }
  const hash = keccak_256(utf8ToBytes(lower));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    // A letter is upper case where the matching nibble of the hash of the lower-case hex is 8 or more.
    const nibble = ((hash[i >> 1] ?? 0) >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    const c = lower.charAt(i);
    out += nibble >= 8 ? c.toUpperCase() : c;
  }
  return out as Address;
}

/** The address of an uncompressed secp256k1 public key (65 bytes: 0x04, x, y). */
export function addressOfPublicKey(publicKey: Uint8Array): Address {
  if (publicKey.length !== 65 || publicKey[0] !== 0x04) throw new Error('an uncompressed public key is 65 bytes');
  return checksumAddress(keccak_256(publicKey.subarray(1)).subarray(12));
}

/**
 * Whether `s` is an address as wallets write one: `0x` and 40 hex digits, either all one case
 * (no checksum) or mixed case with a valid EIP-55 checksum, so a mistyped letter is caught.
 */
export function isAddress(s: string): boolean {
  if (!HEX_ADDRESS.test(s)) return false;
  const digits = s.slice(2);
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return true;
  return checksumAddress(s) === s;
}
