import { describe, expect, it } from 'vitest';
import type { StoredVerification } from '../../../lib/notarizations/model';
import type { Verification } from '../../../lib/verification/checks';
import { outcomeToStore, REFRESH_AFTER_MS } from '../../../lib/verification/verify-version';

const TX = `0x${'1'.repeat(64)}`;
const now = new Date('2026-11-26T12:00:00.000Z');
const chain = { transaction: { input: '0x', blockNumber: '0x64' }, latestBlock: 105n, nodeChainId: 11155111n };
const seen = { transactionHash: TX, chainId: '11155111', chain };
const valid: Verification = { valid: true, checks: [{ check: 'document_hash', ok: true, detail: '' }] };
const tampered: Verification = {
  valid: false,
  checks: [
    { check: 'document_hash', ok: false, detail: '' },
    { check: 'anchor_input', ok: false, detail: '' },
  ],
};
const stored = (fields: Partial<StoredVerification>): StoredVerification => ({
  valid: true,
  checked_at: new Date(now.getTime() - 60_000).toISOString(),
  transaction_hash: TX,
  chain_id: '11155111',
  ...fields,
});

describe('outcomeToStore: what a verification keeps for the passport page', () => {
  it('keeps the verdict, the first failed check, the block and the confirmations seen, and when', () => {
    expect(outcomeToStore(undefined, tampered, seen, now)).toEqual({
      valid: false,
      failed_check: 'document_hash',
      checked_at: now.toISOString(),
      transaction_hash: TX,
      chain_id: '11155111',
      block_number: 100,
      confirmations: 6,
    });
  });

  it('writes nothing when the stored outcome is recent and the same, and writes a changed or old one', () => {
    expect(outcomeToStore(stored({}), valid, seen, now)).toBeUndefined();
    expect(outcomeToStore(stored({}), tampered, seen, now)).toMatchObject({ valid: false });
    expect(outcomeToStore(stored({ transaction_hash: `0x${'2'.repeat(64)}` }), valid, seen, now)).toBeDefined();
    const old = stored({ checked_at: new Date(now.getTime() - REFRESH_AFTER_MS).toISOString() });
    expect(outcomeToStore(old, valid, seen, now)).toMatchObject({ checked_at: now.toISOString() });
  });
});
