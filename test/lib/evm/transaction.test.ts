import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addressOfPrivateKey,
  type Eip1559Transaction,
  fromHex,
  integerBytes,
  parsePrivateKey,
  rlpEncode,
  signEip1559,
  toHex,
} from '../../../lib/evm/transaction';

/** Test-mnemonic accounts (m/44'/60'/0'/0/i): public keys, for tests only. */
const ACCOUNT_0_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const ACCOUNT_9_KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';
const ACCOUNT_9 = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('rlpEncode', () => {
  // The examples of the RLP specification (ethereum.org, Recursive-length prefix).
  it.each([
    ['the string "dog"', utf8('dog'), '0x83646f67'],
    ['the list ["cat", "dog"]', [utf8('cat'), utf8('dog')], '0xc88363617483646f67'],
    ['the empty string', new Uint8Array(0), '0x80'],
    ['the empty list', [], '0xc0'],
    ['the integer 0', integerBytes(0n), '0x80'],
    ['the byte 0x00', Uint8Array.of(0), '0x00'],
    ['the byte 0x0f', Uint8Array.of(0x0f), '0x0f'],
    ['the bytes 0x0400', Uint8Array.of(4, 0), '0x820400'],
    ['the integer 1024', integerBytes(1024n), '0x820400'],
    ['the set-theoretic three', [[], [[]], [[], [[]]]], '0xc7c0c1c0c3c0c1c0'],
    [
      'a 56-character string (a long string: length of the length first)',
      utf8('Lorem ipsum dolor sit amet, consectetur adipisicing elit'),
      `0xb838${Buffer.from('Lorem ipsum dolor sit amet, consectetur adipisicing elit').toString('hex')}`,
    ],
  ] as const)('encodes %s as the specification does', (_what, item, expected) => {
    expect(toHex(rlpEncode(item))).toBe(expected);
  });

  it('prefixes a list whose payload is 56 bytes or more with the length of its length', () => {
    const encoded = rlpEncode([new Uint8Array(60)]); // payload: 0xb8 0x3c and 60 bytes = 62 bytes
    expect(toHex(encoded.subarray(0, 4))).toBe('0xf83eb83c');
    expect(encoded.length).toBe(2 + 62);
  });

  it('writes integers big-endian without leading zeros, and refuses negatives', () => {
    expect(toHex(integerBytes(1n))).toBe('0x01');
    expect(toHex(integerBytes(0x100n))).toBe('0x0100');
    expect(toHex(integerBytes(31337n))).toBe('0x7a69');
    expect(() => integerBytes(-1n)).toThrow(/non-negative/);
  });
});

describe('parsePrivateKey and addressOfPrivateKey', () => {
  it("gives account 9's address for its key", () => {
    expect(addressOfPrivateKey(parsePrivateKey(ACCOUNT_9_KEY))).toBe(ACCOUNT_9);
    expect(addressOfPrivateKey(parsePrivateKey(` ${ACCOUNT_9_KEY}\n`))).toBe(ACCOUNT_9);
  });

  it.each([
    ['no 0x', ACCOUNT_9_KEY.slice(2)],
    ['too short', ACCOUNT_9_KEY.slice(0, -2)],
    ['not hex', `${ACCOUNT_9_KEY.slice(0, -1)}g`],
    ['the placeholder the stack deploys', 'REPLACE_ME: 0x and 64 hex digits'],
  ])('refuses a key with %s', (_what, text) => {
    expect(() => parsePrivateKey(text)).toThrow(/0x and 64 hex digits/);
  });

  it('refuses 0 and the curve order, which are no keys', () => {
    expect(() => parsePrivateKey(`0x${'0'.repeat(64)}`)).toThrow(/not a valid secp256k1 key/);
    const n = secp256k1.Point.CURVE().n.toString(16);
    expect(() => parsePrivateKey(`0x${n}`)).toThrow(/not a valid secp256k1 key/);
  });
});

describe('signEip1559', () => {
  const anchorShaped: Eip1559Transaction = {
    chainId: 31337n,
    nonce: 7n,
    maxPriorityFeePerGas: 1_000_000_000n,
    maxFeePerGas: 3_000_000_000n,
    gasLimit: 23_560n,
    to: ACCOUNT_9,
    value: 0n,
    data: `0x${'11'.repeat(32)}${'22'.repeat(32)}`,
  };

  it("equals anvil's own signature of the same anchor transaction, byte for byte", () => {
    // anvil 1.7.1's eth_signTransaction with account 9 unlocked, for exactly these fields.
    const anvil =
      '0x02f8ad827a6907843b9aca0084b2d05e00825c0894a0ee7a142d267c1f36714e4a8f75612f20a7972080b840' +
      `${'11'.repeat(32)}${'22'.repeat(32)}` +
      'c001a073b4a790d9954951568ac01b8003f7aa73b3fdf4cf64571a670a71d74d3a8349a073eea42ede39cd9ed2d4f82a6b819ea171f6b584767f141624691f094c1b3dfa';
    const signed = signEip1559(anchorShaped, parsePrivateKey(ACCOUNT_9_KEY));
    expect(signed.raw).toBe(anvil);
    expect(signed.hash).toBe('0xec0cf74af2a950f56989e5d7cd28388b91885330ec9d7c01431eac28a0be11a5');
  });

  it('equals the vector micro-eth-signer, viem and ethers all produce (the issue research)', () => {
    const signed = signEip1559(
      {
        chainId: 31337n,
        nonce: 0n,
        maxPriorityFeePerGas: 1_000_000_000n,
        maxFeePerGas: 3_000_000_000n,
        gasLimit: 30_000n,
        to: '0x000000000000000000000000000000000000dEaD',
        value: 0n,
        data: '0x4e4f5441525900396f8020c4ee514a9cb2c8a7921fa26cfbc52290a606acd18d73071cf662251d',
      },
      parsePrivateKey(ACCOUNT_0_KEY),
    );
    expect(signed.hash).toBe('0xc8e53b01f4a3eb2558c404aa9eb8665400001aef27e51d3e1a7732e51f944f24');
  });

  it('is a deterministic type-2 envelope whose hash is the keccak-256 of its bytes', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
        fc.uint8Array({ minLength: 0, maxLength: 200 }),
        fc.bigInt({ min: 0n, max: 10n ** 24n }),
        (nonce, data, value) => {
          const key = parsePrivateKey(ACCOUNT_9_KEY);
          const signed = signEip1559({ ...anchorShaped, nonce, value, data: toHex(data) }, key);
          const raw = fromHex(signed.raw);
          expect(raw[0]).toBe(2);
          expect(signed.hash).toBe(toHex(keccak_256(raw)));
          // Deterministic (RFC 6979): the same fields give the same bytes.
          expect(signEip1559({ ...anchorShaped, nonce, value, data: toHex(data) }, key).raw).toBe(signed.raw);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('refuses a `to` that is not 20 bytes and data that is not whole bytes', () => {
    const key = parsePrivateKey(ACCOUNT_9_KEY);
    expect(() => signEip1559({ ...anchorShaped, to: '0x1234' }, key)).toThrow(/20-byte address/);
    expect(() => signEip1559({ ...anchorShaped, data: '0x123' }, key)).toThrow(/even number of hex digits/);
  });
});
