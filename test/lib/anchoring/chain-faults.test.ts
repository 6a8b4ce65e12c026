import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEvm } from '../../../infra/local/engines/evm';
import { parseAnchorKey } from '../../../lib/anchoring/anchor-key';
import {
  AnchoringWaits,
  anchorNotarization,
  bumped,
  parseCount,
  waitingFor,
} from '../../../lib/anchoring/anchor-notarization';
import { parseRpcUrl } from '../../../lib/anchoring/rpc-url';
import { MAX_ATTEMPTS, retryDelayMs } from '../../../lib/anchoring/worker';
import { type Ethereum, RpcError, RpcUnavailableError, waitForReceipt } from '../../../lib/evm/rpc';
import type { Hex } from '../../../lib/evm/transaction';
import { logger } from '../../../lib/logger';
import type { NotarizationItem } from '../../../lib/notarizations/model';
import { ACCOUNT_9, chainAt, chainDeps, keyOf, metricsOf, pendingRecord, rpcOf } from '../../support/unit/anchoring';
import { dynamoErrors } from '../../support/unit/aws-errors';
import { type FakeRecords, fakeRecords } from '../../support/unit/fake-records';

/**
 * The anchor worker against a chain that misbehaves, the way a public one does: a real anvil of
 * this file's own, made to reorganize (evm_snapshot / evm_revert), to hold transactions unmined
 * (automine off), to empty the anchoring account (anvil_setBalance), or gone (a closed port).
 * The table is a fake that applies the worker's writes, so each test runs a record through
 * several attempts and reads what it became.
 */
const db = mockClient(DynamoDBDocumentClient);
let evm: Awaited<ReturnType<typeof startEvm>>;
let rpc: ReturnType<typeof rpcOf>;
let chain: Ethereum;
let table: FakeRecords;
let pauses: number[];

beforeAll(async () => {
  evm = await startEvm();
  rpc = rpcOf(evm.endpoint);
  chain = chainAt(evm.endpoint);
}, 60_000);
afterAll(async () => {
  await evm?.stop();
});
beforeEach(() => {
  db.reset();
  pauses = [];
});

const deps = (overrides: Parameters<typeof chainDeps>[2] = {}) => chainDeps(evm.endpoint, pauses, overrides);
const stored = (record: NotarizationItem) => table.item(keyOf(record)) as NotarizationItem | undefined;
const mine = (blocks = 1) => rpc('anvil_mine', [`0x${blocks.toString(16)}`]);
const sweepRun = { redeliver: false } as const;
/** How long an attempt that is expected to stop waiting (unmined, unconfirmed) waits. */
const SHORT_WAIT = { receiptTimeoutMs: 300 };

/**
 * Attempts until the record holds the block its transaction is in (anvil mines at once, but a
 * loaded machine may take longer than an attempt's short wait): what the sweep would do.
 */
async function untilInABlock(record: NotarizationItem, attemptDeps: ReturnType<typeof deps>) {
  for (let attempt = 0; attempt < 20; attempt++) {
    expect(await anchorNotarization(keyOf(record), attemptDeps, sweepRun)).toBe('waiting');
    if (stored(record)?.block_hash) return stored(record)!;
  }
  throw new Error('the transaction was never seen in a block');
}

function serve(record: NotarizationItem) {
  table = fakeRecords(db, [record]);
}

describe('confirmations', () => {
  it('keeps a mined notarization PENDING, with its block, until its block has EVM_CONFIRMATIONS confirmations', async () => {
    const record = pendingRecord();
    serve(record);
    const three = deps({ confirmations: () => 3, ...SHORT_WAIT });

    const mined = await untilInABlock(record, three);
    const receipt = await chain.receipt(mined.transaction_hash as Hex);
    expect(mined).toMatchObject({
      status: 'PENDING',
      waiting_for: 'confirmations',
      block_hash: receipt!.blockHash,
      block_number: Number(receipt!.blockNumber),
    });
    expect(mined.failures).toBeUndefined();

    await mine(2);
    expect(await anchorNotarization(keyOf(record), three, sweepRun)).toBe('anchored');
    expect(stored(record)).toMatchObject({
      status: 'ANCHORED',
      transaction_hash: mined.transaction_hash,
      block_hash: receipt!.blockHash,
      confirmations: 3,
    });
    // Out of the pending index, and nothing left that says it waits.
    expect(stored(record)).not.toHaveProperty('gsi1pk');
    expect(stored(record)).not.toHaveProperty('waiting_for');
  });
});

describe('a reorg', () => {
  it('sends the same signed transaction again when its block leaves the chain before it is confirmed, and anchors it in the new block', async () => {
    const record = pendingRecord();
    serve(record);
    const three = deps({ confirmations: () => 3, ...SHORT_WAIT });
    const snapshot = await rpc<Hex>('evm_snapshot');

    const first = await untilInABlock(record, three);
    expect(first.block_hash).toMatch(/^0x[0-9a-f]{64}$/);

    // The chain reorganizes: the block that held the transaction is gone, other blocks take its height.
    await rpc('evm_revert', [snapshot]);
    await mine(1);
    expect(await chain.transaction(first.transaction_hash as Hex)).toBeNull();

    const again = await untilInABlock(record, three);
    expect(again).toMatchObject({ status: 'PENDING', reorgs: 1, transaction_hash: first.transaction_hash });
    expect(again.raw_transaction).toBe(first.raw_transaction);
    expect(again.block_hash).not.toBe(first.block_hash);
    const receipt = await chain.receipt(first.transaction_hash as Hex);
    expect(again.block_hash).toBe(receipt!.blockHash);

    await mine(2);
    expect(await anchorNotarization(keyOf(record), three, sweepRun)).toBe('anchored');
    expect(stored(record)).toMatchObject({
      status: 'ANCHORED',
      transaction_hash: first.transaction_hash,
      block_hash: receipt!.blockHash,
      reorgs: 1,
    });
  });

  it('counts its confirmations from the new block when a reorg moves the transaction to another one (anvil_reorg)', async () => {
    const record = pendingRecord();
    serve(record);
    const three = deps({ confirmations: () => 3, ...SHORT_WAIT });
    const first = await untilInABlock(record, three);
    await mine(1);

    // The last two blocks are replaced; the transaction is in the second of the new ones.
    await rpc('anvil_reorg', [2, [[first.raw_transaction, 1]]]);
    const moved = await chain.receipt(first.transaction_hash as Hex);
    expect(moved!.blockHash).not.toBe(first.block_hash);
    expect(Number(moved!.blockNumber)).toBe(first.block_number! + 1);

    // Two blocks on from the first block, but one on from the new: still waiting, at the new block.
    expect(await anchorNotarization(keyOf(record), three, sweepRun)).toBe('waiting');
    expect(stored(record)).toMatchObject({
      status: 'PENDING',
      reorgs: 1,
      block_hash: moved!.blockHash,
      block_number: Number(moved!.blockNumber),
      transaction_hash: first.transaction_hash,
    });

    await mine(2);
    expect(await anchorNotarization(keyOf(record), three, sweepRun)).toBe('anchored');
    expect(stored(record)).toMatchObject({ status: 'ANCHORED', block_hash: moved!.blockHash, confirmations: 3 });
  });

  it('signs anew, with the next nonce, when the reorged transaction’s nonce went to another one meanwhile', async () => {
    const record = pendingRecord();
    serve(record);
    const three = deps({ confirmations: () => 3, ...SHORT_WAIT });
    const snapshot = await rpc<Hex>('evm_snapshot');
    const first = await untilInABlock(record, three);

    await rpc('evm_revert', [snapshot]);
    // On the new branch another transaction of the account takes the nonce.
    const other = await rpc<Hex>('eth_sendTransaction', [{ from: ACCOUNT_9, to: ACCOUNT_9, data: '0x03' }]);
    await waitForReceipt(chain, other, { timeoutMs: 10_000 });

    const resigned = await untilInABlock(record, three);
    expect(resigned.transaction_hash).not.toBe(first.transaction_hash);
    expect(resigned).toMatchObject({ reorgs: 1, nonce: first.nonce! + 1 });

    await mine(2);
    expect(await anchorNotarization(keyOf(record), three, sweepRun)).toBe('anchored');
    expect(stored(record)?.transaction_hash).toBe(resigned.transaction_hash);
  });
});

describe('a stuck transaction', () => {
  it('is replaced after EVM_STUCK_AFTER_SECONDS by one of the same nonce with both fees at least 10% higher, and the replacement is what is anchored', async () => {
    const record = pendingRecord();
    serve(record);
    await rpc('evm_setAutomine', [false]);
    try {
      // Sent, never mined: automine is off.
      expect(
        await anchorNotarization(keyOf(record), deps({ stuckAfterMs: () => 60_000, ...SHORT_WAIT }), sweepRun),
      ).toBe('waiting');
      const first = stored(record)!;
      expect(first).toMatchObject({ status: 'PENDING', waiting_for: 'mining' });
      expect((await chain.transaction(first.transaction_hash as Hex))?.blockHash).toBeNull();

      // A minute later it is still unmined: replaced.
      const later = deps({ stuckAfterMs: () => 60_000, now: () => new Date(Date.now() + 61_000), ...SHORT_WAIT });
      expect(await anchorNotarization(keyOf(record), later, sweepRun)).toBe('waiting');
      const bumpedRecord = stored(record)!;
      expect(bumpedRecord).toMatchObject({
        nonce: first.nonce,
        fee_bumps: 1,
        replaced_transactions: [first.transaction_hash],
      });
      expect(bumpedRecord.transaction_hash).not.toBe(first.transaction_hash);
      expect(BigInt(bumpedRecord.max_fee_per_gas!)).toBeGreaterThanOrEqual(bumped(BigInt(first.max_fee_per_gas!)));
      expect(BigInt(bumpedRecord.max_priority_fee_per_gas!)).toBeGreaterThanOrEqual(
        bumped(BigInt(first.max_priority_fee_per_gas!)),
      );
      // The node took the replacement in place of the stuck one.
      const pool = await rpc<{ pending: Record<string, Record<string, { hash: string }>> }>('txpool_content');
      const mine9 = Object.entries(pool.pending).find(([from]) => from.toLowerCase() === ACCOUNT_9.toLowerCase());
      expect(Object.values(mine9?.[1] ?? {}).map((tx) => tx.hash)).toEqual([bumpedRecord.transaction_hash]);

      await mine(1);
      expect(await anchorNotarization(keyOf(record), deps(), sweepRun)).toBe('anchored');
      expect(stored(record)).toMatchObject({ status: 'ANCHORED', transaction_hash: bumpedRecord.transaction_hash });
      expect(await chain.receipt(first.transaction_hash as Hex)).toBeNull();
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
  });

  it('is anchored by the transaction it replaced when that one is mined after all', async () => {
    const record = pendingRecord();
    serve(record);
    await rpc('evm_setAutomine', [false]);
    try {
      expect(await anchorNotarization(keyOf(record), deps(SHORT_WAIT), sweepRun)).toBe('waiting');
      const first = stored(record)!;
      // The stuck one is mined (by another node that had it) before the replacement arrives anywhere.
      await mine(1);
      const later = deps({ stuckAfterMs: () => 0 });
      expect(await anchorNotarization(keyOf(record), later, sweepRun)).toBe('anchored');
      expect(stored(record)).toMatchObject({ status: 'ANCHORED', transaction_hash: first.transaction_hash });
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
  });
});

describe('an empty anchoring account', () => {
  it('keeps the notarization PENDING (waiting for funds, counting AnchoringBlocked and the balance) however often it is tried, and anchors it once funded', async () => {
    const record = pendingRecord();
    serve(record);
    const funded = await chain.balance(ACCOUNT_9);
    await rpc('anvil_setBalance', [ACCOUNT_9, '0x0']);
    try {
      const nonceBefore = await chain.pendingNonce(ACCOUNT_9);
      for (let attempt = 1; attempt <= MAX_ATTEMPTS + 2; attempt++) {
        const { result, emf } = await metricsOf(() => anchorNotarization(keyOf(record), deps(), sweepRun));
        expect(result).toBe('waiting');
        expect(emf).toMatchObject({ AnchoringBlocked: 1, AnchorAccountBalance: 0 });
      }
      expect(stored(record)).toMatchObject({ status: 'PENDING', waiting_for: 'funds', attempts: MAX_ATTEMPTS + 2 });
      expect(stored(record)?.failures).toBeUndefined();
      expect(stored(record)?.last_error).toMatch(/holds 0 wei/);
      // Nothing was signed or sent.
      expect(stored(record)?.transaction_hash).toBeUndefined();
      expect(await chain.pendingNonce(ACCOUNT_9)).toBe(nonceBefore);
    } finally {
      await rpc('anvil_setBalance', [ACCOUNT_9, `0x${funded.toString(16)}`]);
    }
    const { result, emf } = await metricsOf(() => anchorNotarization(keyOf(record), deps(), sweepRun));
    expect(result).toBe('anchored');
    expect(emf).toMatchObject({ NotarizationsAnchored: 1, AnchorAccountBalance: expect.any(Number) });
    expect((emf?.AnchorAccountBalance as number) > 0).toBe(true);
    expect(stored(record)?.status).toBe('ANCHORED');
  });

  it('waits as well when the node refuses the stored transaction for lack of funds', async () => {
    const record = pendingRecord();
    serve(record);
    await rpc('evm_setAutomine', [false]);
    const funded = await chain.balance(ACCOUNT_9);
    try {
      expect(await anchorNotarization(keyOf(record), deps(SHORT_WAIT), sweepRun)).toBe('waiting');
      // The pool forgets it (a node restarted) and the account is emptied meanwhile.
      await rpc('anvil_dropAllTransactions');
      await rpc('anvil_setBalance', [ACCOUNT_9, '0x0']);
      expect(await anchorNotarization(keyOf(record), deps(), sweepRun)).toBe('waiting');
      expect(stored(record)).toMatchObject({ status: 'PENDING', waiting_for: 'funds' });
      expect(stored(record)?.last_error).toMatch(/insufficient funds/i);
    } finally {
      await rpc('anvil_setBalance', [ACCOUNT_9, `0x${funded.toString(16)}`]);
      await rpc('evm_setAutomine', [true]);
    }
    expect(await anchorNotarization(keyOf(record), deps(), sweepRun)).toBe('anchored');
  });
});

describe('an unreachable chain', () => {
  const gone = () => deps({ chain: () => chainAt('http://127.0.0.1:9/') });

  it('never makes the notarization FAILED: the stream delivers it again with backoff, then leaves it to the sweep', async () => {
    const record = pendingRecord();
    serve(record);
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      await expect(anchorNotarization(keyOf(record), gone())).rejects.toBeInstanceOf(RpcUnavailableError);
    }
    expect(pauses).toEqual([1, 2, 3, 4].map(retryDelayMs));
    // Its last stream delivery does not throw: no record goes to the dead-letter queue for an outage.
    const { result, emf } = await metricsOf(() => anchorNotarization(keyOf(record), gone()));
    expect(result).toBe('waiting');
    expect(emf).toMatchObject({ AnchoringBlocked: 1 });
    expect(emf).not.toHaveProperty('NotarizationsFailed');
    // The sweep's attempts, however many, neither.
    for (let run = 0; run < MAX_ATTEMPTS; run++) {
      expect(await anchorNotarization(keyOf(record), gone(), sweepRun)).toBe('waiting');
    }
    expect(stored(record)).toMatchObject({ status: 'PENDING', waiting_for: 'chain', attempts: 2 * MAX_ATTEMPTS });
    expect(stored(record)?.failures).toBeUndefined();

    // The chain is back: anchored.
    expect(await anchorNotarization(keyOf(record), deps(), sweepRun)).toBe('anchored');
    expect(stored(record)?.status).toBe('ANCHORED');
  });
});

const captured = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected it to throw');
};

describe('the logs of a wait', () => {
  it('warn when a notarization starts waiting, or waits for another cause, not at every sweep of the same wait', async () => {
    const record = pendingRecord();
    serve(record);
    const warn = vi.spyOn(logger, 'warn');
    const gone = deps({ chain: () => chainAt('http://127.0.0.1:9/') });
    try {
      for (let run = 0; run < 3; run++) await anchorNotarization(keyOf(record), gone, sweepRun);
      await rpc('anvil_setBalance', [ACCOUNT_9, '0x0']);
      await anchorNotarization(keyOf(record), deps(), sweepRun);
      expect(warn.mock.calls.map(([, line]) => (line as { waiting_for?: string }).waiting_for)).toEqual([
        'chain',
        'funds',
      ]);
    } finally {
      warn.mockRestore();
      await rpc('anvil_setBalance', [ACCOUNT_9, '0x21e19e0c9bab2400000']);
    }
  });
});

describe('waitingFor', () => {
  it('tells the causes that go away from the ones that do not', () => {
    expect(waitingFor(new RpcUnavailableError('eth_chainId', 'the node is unreachable'))).toBe('chain');
    expect(
      waitingFor(new RpcError('eth_sendRawTransaction', -32003, 'Insufficient funds for gas * price + value')),
    ).toBe('funds');
    expect(waitingFor(new RpcError('eth_sendRawTransaction', -32000, 'replacement transaction underpriced'))).toBe(
      'mining',
    );
    expect(waitingFor(new AnchoringWaits('confirmations', 'not yet'))).toBe('confirmations');
    // The anchoring-key secret still holds its placeholder; the RPC-URL secret holds no URL.
    expect(waitingFor(captured(() => parseAnchorKey('REPLACE_ME', 'The anchoring-key secret')))).toBe('configuration');
    expect(waitingFor(captured(() => parseRpcUrl('REPLACE_ME', 'The RPC-URL secret')))).toBe('configuration');
    expect(waitingFor(dynamoErrors.throttling())).toBe('dependency');
    expect(waitingFor(new RpcError('eth_sendRawTransaction', -32000, 'invalid chain id'))).toBeUndefined();
    expect(waitingFor(new Error('anything else'))).toBeUndefined();
  });
});

describe('settings and rules', () => {
  it('bumps a fee by at least 10%, rounded up (the EIP-1559 replacement rule nodes apply)', () => {
    expect(bumped(100n)).toBe(110n);
    expect(bumped(1_000_000_001n)).toBe(1_100_000_002n);
    expect(bumped(1n)).toBe(2n);
  });

  it('reads a count setting, with its default when unset, and names it when it is not a whole number in range', () => {
    expect(parseCount('EVM_CONFIRMATIONS', undefined, 12, 1_000)).toBe(12);
    expect(parseCount('EVM_CONFIRMATIONS', ' 3 ', 12, 1_000)).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'finalized', '1001']) {
      expect(() => parseCount('EVM_CONFIRMATIONS', bad, 12, 1_000)).toThrow(/EVM_CONFIRMATIONS must be a whole number/);
    }
  });
});
