import { keccak_256 } from '@noble/hashes/sha3.js';
import { concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { recoverPublicKey } from '@noble/secp256k1';
import { type Address, addressOfPublicKey } from './address';

/**
 * EIP-191 version 0x45 signatures, what a wallet's `personal_sign` makes
 * (https://eips.ethereum.org/EIPS/eip-191): ECDSA on secp256k1 over
 * keccak256("\x19Ethereum Signed Message:\n" + len(message) + message).
 *
 * Recovery runs on @noble/secp256k1 (about 8 KiB in a bundle, where @noble/curves is about
 * 32), which needs no hash of its own to recover: the digest is passed with `prehash: false`.
 *
 * A hex hash the client signs is signed as its RAW BYTES (32 of them), as wallets, anvil's and
 * geth's `personal_sign` do with a `0x…` parameter; a caller passes `hexToBytes(hash)`, never
 * the 64 characters.
 */

/** A signature that cannot have been made by personal_sign; the message says which rule it breaks. */
export class SignatureError extends Error {
  override name = 'SignatureError';
}

/** n/2 of secp256k1: a larger `s` is the malleable twin of a valid signature (EIP-2). */
const HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

const SIGNATURE = /^0x[0-9a-fA-F]{130}$/;

/** The digest personal_sign signs for `message`. */
export const personalMessageHash = (message: Uint8Array): Uint8Array =>
  keccak_256(concatBytes(utf8ToBytes(`\x19Ethereum Signed Message:\n${message.length}`), message));

/**
 * The address whose key made `signatureHex` (`0x` + r ‖ s ‖ v, 65 bytes) over `message`, in
 * EIP-55 spelling. Refuses (SignatureError) anything but one canonical signature: a length
 * other than 65 bytes, `v` other than 27/28 (or 0/1, as some hardware wallets write it),
 * `r` or `s` out of range, a high `s` (the twin of a low-s signature, which wallets never
 * make and ethers, OpenZeppelin and Ethereum transactions refuse), or an `r` that is no point.
 */
export function recoverPersonalSignAddress(signatureHex: string, message: Uint8Array): Address {
  if (!SIGNATURE.test(signatureHex)) throw new SignatureError('a signature is 0x and 130 hex digits (r, s, v)');
  const bytes = hexToBytes(signatureHex.slice(2));
  const v = Number.parseInt(signatureHex.slice(130), 16);
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) throw new SignatureError('v must be 27 or 28 (or 0 or 1)');
  const s = BigInt(`0x${signatureHex.slice(66, 130)}`);
  if (s > HALF_N) throw new SignatureError('s is in the upper half of the curve order (a malleable signature)');
  let publicKey: Uint8Array;
  try {
    // noble's "recovered" layout: the recovery bit, then r and s.
    const recovered = concatBytes(Uint8Array.of(recovery), bytes.subarray(0, 64));
    publicKey = recoverPublicKey(recovered, personalMessageHash(message), { prehash: false, isCompressed: false });
  } catch {
    // r or s zero or not below n, or r not the x of a curve point: no key signs that.
    throw new SignatureError('the signature is not a valid secp256k1 signature');
  }
  return addressOfPublicKey(publicKey);
}
