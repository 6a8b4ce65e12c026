import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressOfPublicKey, checksumAddress } from '../../../lib/evm/address';
import { personalMessageHash, recoverPersonalSignAddress, SignatureError } from '../../../lib/evm/personal-sign';
import { personalSign, signHash, testAccount } from '../../support/wallets';

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const hex32 = (n: bigint) => n.toString(16).padStart(64, '0');

/** Swaps `s` for `n - s` and flips `v`: the same key's other, malleable signature of the same digest. */
function highS(signature: string): string {
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  const v = Number.parseInt(signature.slice(130), 16);
  return `${signature.slice(0, 66)}${hex32(N - s)}${(v === 27 ? 28 : 27).toString(16)}`;
}

/** The reference: @noble/curves (audited) recovering the same digest, high s allowed. */
function curvesRecover(signature: string, message: Uint8Array): string {
  const bytes = hexToBytes(signature.slice(2));
  const v = bytes[64]!;
  const recovered = Uint8Array.of(v >= 27 ? v - 27 : v, ...bytes.subarray(0, 64));
  const pub = secp256k1.recoverPublicKey(recovered, personalMessageHash(message), { prehash: false });
  return addressOfPublicKey(secp256k1.Point.fromBytes(pub).toBytes(false));
}

const rejected = (signature: string, message: Uint8Array) => {
  try {
    recoverPersonalSignAddress(signature, message);
  } catch (error) {
    expect(error).toBeInstanceOf(SignatureError);
    return (error as Error).message;
  }
  throw new Error('expected a SignatureError');
};

describe('personalMessageHash', () => {
  it('is keccak256 of "\\x19Ethereum Signed Message:\\n" + length + message', () => {
    // viem's documented hashMessage('hello world') (and ethers' hashMessage of the same string).
    expect(bytesToHex(personalMessageHash(utf8ToBytes('hello world')))).toBe(
      'd9eba16ed0ecae432b71fe008c98cc872bb4cc214d3220a36f365326cf807d68',
    );
  });
});

describe('recoverPersonalSignAddress', () => {
  // eth-sig-util's personal_sign vectors, made with geth's internals (key 0x69…69, and 0x45…45).
  it.each([
    {
      message: utf8ToBytes('hello world'),
      signature:
        '0xce909e8ea6851bc36c007a0072d0524b07a3ff8d4e623aca4c71ca8e57250c4d0a3fc38fa8fbaaa81ead4b9f6bd03356b6f8bf18bccad167d78891636e1d69561b',
      address: '0xbe93f9bacbcffc8ee6663f2647917ed7a20a57bb',
    },
    {
      message: hexToBytes('0cc175b9c0f1b6a831c399e26977266192eb5ffee6ae2fec3ad71c777531578f'),
      signature:
        '0x9ff8350cc7354b80740a3580d0e0fd4f1f02062040bc06b893d70906f8728bb5163837fd376bf77ce03b55e9bd092b32af60e86abce48f7b8d3539988ee5a9be1c',
      address: '0xbe93f9bacbcffc8ee6663f2647917ed7a20a57bb',
    },
    {
      message: hexToBytes('0cc175b9c0f1b6a831c399e26977266192eb5ffee6ae2fec3ad71c777531578f'),
      signature:
        '0xa2870db1d0c26ef93c7b72d2a0830fa6b841e0593f7186bc6c7cc317af8cf3a42fda03bd589a49949aa05db83300cdb553116274518dbe9d90c65d0213f4af491b',
      address: '0xe0da1edcea030875cd0f199d96eb70f6ab78faf2',
    },
  ])('recovers the signer of a known vector: $address', ({ message, signature, address }) => {
    // The vectors give the address in lower case; ours is its EIP-55 spelling.
    expect(recoverPersonalSignAddress(signature, message)).toBe(checksumAddress(address));
  });

  it("recovers anvil's account 0 from its well-known key's signature of a report hash's 32 raw bytes", () => {
    const hash = 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9';
    const key = hexToBytes('ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
    const signature = personalSign(hexToBytes(hash), key);
    expect(recoverPersonalSignAddress(signature, hexToBytes(hash))).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(signHash(hash, 0)).toBe(signature);
    // Signed as the 64 ASCII characters (ethers' signMessage of a string), it is another message: another address.
    expect(recoverPersonalSignAddress(signature, utf8ToBytes(hash))).not.toBe(testAccount(0).address);
  });

  it('accepts v as 0/1 as well as 27/28, for the same signer', () => {
    const message = hexToBytes('11'.repeat(32));
    const signature = personalSign(message, testAccount(1).privateKey);
    const v = Number.parseInt(signature.slice(130), 16);
    const zeroBased = `${signature.slice(0, 130)}0${v - 27}`;
    expect(recoverPersonalSignAddress(zeroBased, message)).toBe(testAccount(1).address);
  });

  it('refuses the high-s twin of a valid signature, which the reference recovers to the same key', () => {
    const message = hexToBytes('22'.repeat(32));
    const signature = personalSign(message, testAccount(0).privateKey);
    const twin = highS(signature);
    expect(curvesRecover(twin, message)).toBe(testAccount(0).address);
    expect(rejected(twin, message)).toMatch(/upper half/);
  });

  it('refuses a v that is not 27, 28, 0 or 1', () => {
    const message = hexToBytes('33'.repeat(32));
    const signature = personalSign(message, testAccount(0).privateKey).slice(0, 130);
    for (const v of ['02', '1a', '1d', '25', '26', 'ff']) expect(rejected(signature + v, message)).toMatch(/v must/);
  });

  it('refuses a signature of the wrong length or not hex', () => {
    const message = hexToBytes('44'.repeat(32));
    const signature = personalSign(message, testAccount(0).privateKey);
    for (const bad of [
      '',
      '0x',
      signature.slice(2),
      signature.slice(0, -2),
      `${signature}00`,
      `${signature.slice(0, -1)}g`,
      signature.replace('0x', '0X'),
    ]) {
      expect(rejected(bad, message)).toMatch(/130 hex digits/);
    }
  });

  it('refuses r or s of zero or at least n, and an r that is no point on the curve', () => {
    const message = hexToBytes('55'.repeat(32));
    const signature = personalSign(message, testAccount(0).privateKey);
    const r = signature.slice(2, 66);
    const s = signature.slice(66, 130);
    const v = signature.slice(130);
    for (const [rr, ss] of [
      [hex32(0n), s],
      [r, hex32(0n)],
      [hex32(N), s],
      [hex32(2n ** 256n - 1n), s],
      // x = 5 has no y on secp256k1 (x^3 + 7 = 132 is not a square mod p).
      [hex32(5n), s],
    ]) {
      expect(rejected(`0x${rr}${ss}${v}`, message)).toMatch(/valid secp256k1/);
    }
  });

  it('recovers what @noble/curves recovers, for random keys and messages, and the signer', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }).filter((k) => secp256k1.utils.isValidSecretKey(k)),
        fc.uint8Array({ minLength: 0, maxLength: 80 }),
        (key, message) => {
          const signature = personalSign(message, key);
          const signer = addressOfPublicKey(secp256k1.getPublicKey(key, false));
          expect(recoverPersonalSignAddress(signature, message)).toBe(signer);
          expect(curvesRecover(signature, message)).toBe(signer);
          expect(() => recoverPersonalSignAddress(highS(signature), message)).toThrow(SignatureError);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('on any 65 bytes, either refuses or agrees with @noble/curves, and never throws anything else', () => {
    const message = hexToBytes('66'.repeat(32));
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 64, maxLength: 64 }),
        fc.constantFrom(0, 1, 27, 28, 2, 29, 35, 255),
        (rs, v) => {
          const signature = `0x${bytesToHex(rs)}${v.toString(16).padStart(2, '0')}`;
          let ours: string | undefined;
          try {
            ours = recoverPersonalSignAddress(signature, message);
          } catch (error) {
            expect(error).toBeInstanceOf(SignatureError);
            return;
          }
          expect(ours).toBe(curvesRecover(signature, message));
          expect(BigInt(`0x${bytesToHex(rs.subarray(32))}`) <= N / 2n).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
