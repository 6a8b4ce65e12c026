import { describe, expect, it } from 'vitest';
import {
  type AnchorOnChain,
  anchorInputCheck,
  anchorTransactionCheck,
  chainIdCheck,
  documentHashCheck,
  sha256Hex,
  signatureCheck,
  verification,
} from '../../../lib/verification/checks';
import { signHash, testAccount, WALLET } from '../../support/wallets';

const document = Buffer.from('{"format":"dpp-version/1"}');
const documentHash = sha256Hex(document);
const reportHash = sha256Hex('report');
const chain = (overrides: Partial<AnchorOnChain> = {}): AnchorOnChain => ({
  transaction: { input: `0x${documentHash}${reportHash}`, blockNumber: '0x10', chainId: '0x7a69' },
  latestBlock: 0x12n,
  nodeChainId: 31337n,
  ...overrides,
});

describe('documentHashCheck', () => {
  it('passes for the bytes of the hash, and names a changed or missing document', () => {
    expect(documentHashCheck(document, documentHash).ok).toBe(true);
    const changed = Buffer.from(document);
    changed[3] = 0x41;
    expect(documentHashCheck(changed, documentHash)).toMatchObject({ ok: false, detail: /was changed/ });
    expect(documentHashCheck(undefined, documentHash)).toMatchObject({ ok: false, detail: /missing/ });
  });
});

describe('signatureCheck', () => {
  const editor = testAccount(WALLET.acmeEditor).address;
  it('passes when the EIP-191 signature of the report hash recovers the submitter', () => {
    expect(signatureCheck(signHash(reportHash, WALLET.acmeEditor), reportHash, editor).ok).toBe(true);
  });

  it('fails for another signer, another hash, or a malformed signature', () => {
    expect(signatureCheck(signHash(reportHash, WALLET.acmeAdmin), reportHash, editor).ok).toBe(false);
    expect(signatureCheck(signHash(documentHash, WALLET.acmeEditor), reportHash, editor).ok).toBe(false);
    expect(signatureCheck('0x1234', reportHash, editor)).toMatchObject({ ok: false, detail: /not valid/ });
  });
});

describe('the anchor checks', () => {
  it('count confirmations from the transaction’s block to the latest', () => {
    expect(anchorTransactionCheck('0xab', chain())).toMatchObject({ ok: true, detail: /3 confirmation/ });
    expect(anchorTransactionCheck('0xab', chain({ transaction: null })).ok).toBe(false);
    const pending = chain({ transaction: { input: '0x', blockNumber: null } });
    expect(anchorTransactionCheck('0xab', pending)).toMatchObject({ ok: false, detail: /not mined/ });
  });

  it('want both hashes in the input, in order', () => {
    expect(anchorInputCheck(chain(), documentHash, reportHash).ok).toBe(true);
    expect(anchorInputCheck(chain(), reportHash, documentHash).ok).toBe(false);
  });

  it('want the node and the transaction on the expected chain', () => {
    expect(chainIdCheck(chain(), 31337n).ok).toBe(true);
    expect(chainIdCheck(chain(), 1n).ok).toBe(false);
    expect(
      chainIdCheck(chain({ nodeChainId: 1n, transaction: { input: '0x', blockNumber: '0x1', chainId: '0x7a69' } }), 1n)
        .ok,
    ).toBe(false);
  });
});

describe('verification', () => {
  it('is valid only when there are checks and every one passed', () => {
    expect(verification([]).valid).toBe(false);
    expect(verification([{ check: 'document_hash', ok: true, detail: '' }]).valid).toBe(true);
    expect(
      verification([
        { check: 'document_hash', ok: true, detail: '' },
        { check: 'notarization', ok: false, detail: '' },
      ]).valid,
    ).toBe(false);
  });
});
