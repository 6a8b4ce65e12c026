import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import { type Address, addressOfPublicKey } from './address';

/**
 * EIP-1559 (type 2) transactions, signed: the RLP encoding of EIP-2718/EIP-1559
 * (https://eips.ethereum.org/EIPS/eip-1559), ECDSA on secp256k1 with RFC 6979 deterministic
 * nonces and low `s`, from the audited @noble/curves and @noble/hashes. Nothing else: the
 * whole of what the anchor worker needs to sign its one kind of transaction (no access list,
 * no contract creation, no legacy types).
 */

export type Hex = `0x${string}`;

export interface Eip1559Transaction {
  chainId: bigint;
  nonce: bigint;
  maxPriorityFeePerGas: bigint;
  maxFeePerGas: bigint;
  gasLimit: bigint;
  to: Address;
  value: bigint;
  data: Hex;
}

export interface SignedTransaction {
  /** What `eth_sendRawTransaction` takes: `0x02` ‖ RLP of the fields and the signature. */
  raw: Hex;
  /** The transaction hash: keccak-256 of the raw bytes, what the chain and explorers name it by. */
  hash: Hex;
}

const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/;

export const toHex = (bytes: Uint8Array): Hex => `0x${bytesToHex(bytes)}`;

/** Bytes of `0x`-hex with an even number of digits (`0x` is no bytes); throws otherwise. */
export function fromHex(hex: string): Uint8Array {
  if (!HEX_BYTES.test(hex)) throw new Error('expected 0x and an even number of hex digits');
  return hexToBytes(hex.slice(2));
}

/** A private key given as `0x` + 64 hex digits, checked to be a valid secp256k1 scalar (1..n-1). */
export function parsePrivateKey(hex: string): Uint8Array {
  const trimmed = hex.trim();
  if (!/^0x[0-9a-fA-F]{64}$/.test(trimmed)) throw new Error('a private key is 0x and 64 hex digits');
  const key = hexToBytes(trimmed.slice(2));
  if (!secp256k1.utils.isValidSecretKey(key)) throw new Error('the private key is not a valid secp256k1 key');
  return key;
}

/** The EIP-55 address of a private key's account. */
export const addressOfPrivateKey = (privateKey: Uint8Array): Address =>
  addressOfPublicKey(secp256k1.getPublicKey(privateKey, false));

// ---- RLP (https://ethereum.org/developers/docs/data-structures-and-encoding/rlp/) ----

export type RlpItem = Uint8Array | readonly RlpItem[];

/** A non-negative integer as RLP wants it: big-endian, no leading zero bytes (0 is empty). */
export function integerBytes(n: bigint): Uint8Array {
  if (n < 0n) throw new Error('RLP integers are non-negative');
  if (n === 0n) return new Uint8Array(0);
  const hex = n.toString(16);
  return hexToBytes(hex.length % 2 === 1 ? `0${hex}` : hex);
}

function lengthPrefix(length: number, offset: 0x80 | 0xc0): Uint8Array {
  if (length < 56) return Uint8Array.of(offset + length);
  const lengthBytes = integerBytes(BigInt(length));
  return concatBytes(Uint8Array.of(offset + 55 + lengthBytes.length), lengthBytes);
}

export function rlpEncode(item: RlpItem): Uint8Array {
  if (item instanceof Uint8Array) {
    if (item.length === 1 && (item[0] ?? 0x80) < 0x80) return item;
    return concatBytes(lengthPrefix(item.length, 0x80), item);
  }
  const body = concatBytes(...item.map(rlpEncode));
  return concatBytes(lengthPrefix(body.length, 0xc0), body);
}

const withoutLeadingZeros = (bytes: Uint8Array): Uint8Array => {
  let start = 0;
  while (start < bytes.length && bytes[start] === 0) start++;
  return bytes.subarray(start);
};

const EIP1559_TYPE = 0x02;

/** Signs an EIP-1559 transaction (empty access list) with `privateKey`. Deterministic: same input, same bytes. */
export function signEip1559(tx: Eip1559Transaction, privateKey: Uint8Array): SignedTransaction {
  const to = fromHex(tx.to);
  if (to.length !== 20) throw new Error('`to` must be a 20-byte address');
  const fields: RlpItem[] = [
    integerBytes(tx.chainId),
    integerBytes(tx.nonce),
    integerBytes(tx.maxPriorityFeePerGas),
    integerBytes(tx.maxFeePerGas),
    integerBytes(tx.gasLimit),
    to,
    integerBytes(tx.value),
    fromHex(tx.data),
    [], // access list
  ];
  const digest = keccak_256(concatBytes(Uint8Array.of(EIP1559_TYPE), rlpEncode(fields)));
  // noble's "recovered" layout: the recovery bit (y parity), then r and s (32 bytes each), s low.
  const signature = secp256k1.sign(digest, privateKey, { prehash: false, format: 'recovered' });
  const yParity = integerBytes(BigInt(signature[0] ?? 0));
  const r = withoutLeadingZeros(signature.subarray(1, 33));
  const s = withoutLeadingZeros(signature.subarray(33, 65));
  const raw = concatBytes(Uint8Array.of(EIP1559_TYPE), rlpEncode([...fields, yParity, r, s]));
  return { raw: toHex(raw), hash: toHex(keccak_256(raw)) };
}
