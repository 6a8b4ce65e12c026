import { describe, expect, it } from 'vitest';
import type { Verification } from '../../../lib/verification/checks';
import { outcomeToStore } from '../../../lib/verification/verify-version';

const TX = `0x${'1'.repeat(64)}`;
const now = new Date('2026-11-26T12:00:00.000Z');
const chain = { transaction: { input: '0x', blockNumber: '0x64' }, latestBlock: 105n, nodeChainId: 11155111n };
const seen = { transactionHash: TX, chainId: '11155111', chain };
const tampered: Verification = {
  valid: false,
  checks: [
    { check: 'document_hash', ok: false, detail: '' },
    { check: 'anchor_input', ok: false, detail: '' },
  ],
};

describe('outcomeToStore: what a verification keeps for the passport page and serves again while fresh', () => {
  it('keeps the verdict, the first failed check, the block and the confirmations seen, when, and every check', () => {
    expect(outcomeToStore(tampered, seen, now)).toEqual({
      valid: false,
      failed_check: 'document_hash',
      checked_at: now.toISOString(),
      transaction_hash: TX,
      chain_id: '11155111',
      block_number: 100,
      confirmations: 6,
      checks: tampered.checks,
    });
  });
});
