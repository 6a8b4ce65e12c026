import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressOfPublicKey, checksumAddress, isAddress } from '../../../lib/evm/address';
import { testAccount } from '../../support/wallets';

/** The examples of EIP-55 itself (https://eips.ethereum.org/EIPS/eip-55#test-cases). */
const EIP55 = [
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
  '0xde709f2102306220921060314715629080e2fb77',
  '0x27b1fdb04752bbc536007a920d24acb045561c26',
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

describe('checksumAddress', () => {
  it.each(EIP55)('spells %s as EIP-55 does, from any letter case and from bytes', (address) => {
    expect(checksumAddress(address.toLowerCase())).toBe(address);
    expect(checksumAddress(`0x${address.slice(2).toUpperCase()}`)).toBe(address);
    expect(checksumAddress(hexToBytes(address.slice(2)))).toBe(address);
  });

  it('refuses what is not 20 bytes', () => {
    expect(() => checksumAddress('0x1234')).toThrow();
    expect(() => checksumAddress('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toThrow();
    expect(() => checksumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg')).toThrow();
    expect(() => checksumAddress(new Uint8Array(19))).toThrow();
    expect(() => checksumAddress(new Uint8Array(21))).toThrow();
  });
});

describe('addressOfPublicKey', () => {
  it("gives anvil's well-known account 0 for its well-known key", () => {
    const key = hexToBytes('ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
    expect(addressOfPublicKey(secp256k1.getPublicKey(key, false))).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  });

  it('gives the demo wallets of the test mnemonic (accounts 0, 1, 2, 3)', () => {
    expect([0, 1, 2, 3].map((i) => testAccount(i).address)).toEqual([
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
      '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    ]);
  });

  it('refuses a compressed or truncated key', () => {
    const key = secp256k1.getPublicKey(testAccount(0).privateKey, true);
    expect(() => addressOfPublicKey(key)).toThrow();
    expect(() => addressOfPublicKey(secp256k1.getPublicKey(testAccount(0).privateKey, false).subarray(1))).toThrow();
  });
});

describe('isAddress', () => {
  it.each(EIP55)('accepts %s, and the same in one letter case', (address) => {
    expect(isAddress(address)).toBe(true);
    expect(isAddress(address.toLowerCase())).toBe(true);
    expect(isAddress(`0x${address.slice(2).toUpperCase()}`)).toBe(true);
  });

  it('refuses a mixed-case spelling whose checksum is wrong (one letter flipped)', () => {
    expect(isAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isAddress('0x5Aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
  });

  it('refuses anything not 0x and 40 hex digits', () => {
    for (const s of [
      '',
      '0x',
      '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed0',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg',
      ' 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    ]) {
      expect(isAddress(s), s).toBe(false);
    }
  });

  it('accepts exactly the checksummed spelling among the mixed-case ones of any 20 bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (bytes) => {
        const address = checksumAddress(bytes);
        expect(isAddress(address)).toBe(true);
        // Flipping the case of one letter breaks a mixed-case spelling (EIP-55 catches it).
        const at = [...address.slice(2)].findIndex((c) => /[a-f]/i.test(c));
        if (at >= 0) {
          const i = at + 2;
          const c = address[i]!;
          const flipped =
            address.slice(0, i) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + address.slice(i + 1);
          const digits = flipped.slice(2);
          const oneCase = digits === digits.toLowerCase() || digits === digits.toUpperCase();
          expect(isAddress(flipped)).toBe(oneCase);
        }
      }),
      { numRuns: 300 },
    );
  });
});
