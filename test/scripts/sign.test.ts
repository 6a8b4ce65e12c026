import { spawnSync } from 'node:child_process';
import { hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { recoverPersonalSignAddress } from '../../lib/evm/personal-sign';
import { personalSignHash } from '../../scripts/sign';

/** sha256("sample report"), and anvil 1.7.1's personal_sign of its 32 bytes by test-mnemonic accounts 0 and 3. */
const HASH = '0x42773b66629564212ef10a7107fc7afc7b6bd759bf7dca402c413eaaa55acb0c';
const ANVIL = {
  0: {
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    signature:
      '0xd14fb6c5f08bba7d8607eb03729718b06af82501965daced42c84f1b6c2b8bd65128d57eed52723d356bc4e44f6739f58ff8fa4641ec040f33642ce088c6d5561c',
  },
  3: {
    address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    signature:
      '0xc2d5cab41fa38322557aa0838baddf0b8dd9180f6aa6f69929354ddf5c43b97b0d7d0b9ddb037976967091644b078cf5d5818fbeb292e120c185722554689fa31b',
  },
} as const;

describe('personalSignHash (npm run sign)', () => {
  it.each([0, 3] as const)("signs the hash's 32 raw bytes as anvil's personal_sign does for account %i", (index) => {
    expect(personalSignHash(HASH, index)).toEqual(ANVIL[index]);
    // With or without 0x.
    expect(personalSignHash(HASH.slice(2), index).signature).toBe(ANVIL[index].signature);
  });

  it('makes signatures notarize accepts: they recover the signing account', () => {
    const { signature, address } = personalSignHash(HASH, 5);
    expect(recoverPersonalSignAddress(signature, hexToBytes(HASH.slice(2)))).toBe(address);
  });

  it('refuses anything but 64 hex digits', () => {
    expect(() => personalSignHash('0x1234', 0)).toThrow(/64 hex digits/);
  });
});

describe('npm run sign', () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/sign.ts', ...args], { encoding: 'utf8' });

  it('prints the signature and the address of the account named by --index', () => {
    const result = run(HASH, '--index', '3');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`signature: ${ANVIL[3].signature}\n`);
    expect(result.stdout).toContain(`address:   ${ANVIL[3].address}`);
  });

  it('exits 2 with its usage on a missing hash, a bad index or a hash that is not one', () => {
    expect(run().status).toBe(2);
    expect(run(HASH, '--index', '-1').stderr).toMatch(/usage: npm run sign/);
    expect(run('abc').stderr).toMatch(/64 hex digits/);
  });
});
