import { DynamoDBDocumentClient, GetCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEvm } from '../../../infra/local/engines/evm';
import { parseAnchorKey } from '../../../lib/anchoring/anchor-key';
import {
  type AnchoringDeps,
  anchorData,
  anchorNotarization,
  explorerLink,
  parseChainId,
} from '../../../lib/anchoring/anchor-notarization';
import { MAX_ATTEMPTS, retryDelayMs } from '../../../lib/anchoring/worker';
import * as keys from '../../../lib/data/keys';
import { ethereum, rpcClient, waitForReceipt } from '../../../lib/evm/rpc';
import { fromHex, type Hex, signEip1559, toHex } from '../../../lib/evm/transaction';
import { logger } from '../../../lib/logger';
import { flushMetrics, startMetrics } from '../../../lib/metrics';
import type { NotarizationItem } from '../../../lib/notarizations/model';
import { ACCOUNT_9, ACCOUNT_9_KEY, EXPLORER, pendingRecord } from '../../support/unit/anchoring';
import { dynamoErrors } from '../../support/unit/aws-errors';
import { applySet, conditionEqualities } from '../../support/unit/expressions';
import { applyUpdate, type FakeRecords, fakeRecords } from '../../support/unit/fake-records';

/**
 * The anchor worker's state machine: DynamoDB mocked (to script the record's states and the
 * faults only a mock produces: a duplicate delivery racing the count, a lost store race, a
 * refused replacement), the chain real (an anvil of this file's own, so nonce-too-low,
 * re-sent and already-mined transactions are the node's own answers).
 */

const db = mockClient(DynamoDBDocumentClient);
let evm: Awaited<ReturnType<typeof startEvm>>;
let chain: ReturnType<typeof ethereum>;
let pauses: number[];

beforeAll(async () => {
  evm = await startEvm();
  chain = ethereum(rpcClient(evm.endpoint));
}, 60_000);
afterAll(async () => {
  await evm.stop();
});
beforeEach(() => {
  db.reset();
  pauses = [];
});
afterEach(() => {
  vi.restoreAllMocks();
});

const deps = (overrides: Partial<AnchoringDeps> = {}): AnchoringDeps => ({
  chain: () => chain,
  chainId: () => 31337n,
  explorerUrl: () => EXPLORER,
  key: async () => parseAnchorKey(ACCOUNT_9_KEY, 'test'),
  receiptTimeoutMs: 5_000,
  confirmations: () => 1,
  stuckAfterMs: () => 600_000,
  poll: (ms) => new Promise((wake) => setTimeout(wake, Math.min(ms, 50))),
  pause: async (ms) => {
    pauses.push(ms);
  },
  now: () => new Date('2026-11-22T10:00:00.000Z'),
  ...overrides,
});

/** A PENDING record (test/support/unit/anchoring.ts) of a fixed date. */
const pending = (overrides: Partial<NotarizationItem> = {}): NotarizationItem =>
  pendingRecord({ created_at: '2026-11-22T09:00:00.000Z', updated_at: '2026-11-22T09:00:00.000Z', ...overrides });
const keyOf = (record: NotarizationItem) => ({ pk: record.pk, sk: record.sk });

type Op = 'count' | 'store' | 'replace' | 'bump' | 'setback' | 'mined' | 'reorg' | 'anchored' | 'failed';

/** Which repository write an UpdateItem is, by its expressions (lib/anchoring/repository.ts). */
function operation(input: UpdateCommandInput): Op {
  const set = applyUpdate({}, input);
  if (input.UpdateExpression?.includes('ADD #attempts')) return 'count';
  if (input.UpdateExpression?.includes('#reorgs')) return 'reorg';
  if (set.status === 'FAILED') return 'failed';
  if (set.status === 'ANCHORED') return 'anchored';
  if ('last_error' in set) return 'setback';
  if ('block_hash' in set) return 'mined';
  if (input.ConditionExpression?.includes('attribute_not_exists(#transaction_hash)')) return 'store';
  if ('replaced_transactions' in set) return 'bump';
  if ('transaction_hash' in conditionEqualities(input)) return 'replace';
  throw new Error(`unexpected UpdateItem: ${input.UpdateExpression}`);
}

let table: FakeRecords;

/**
 * The table holds `record` (and `others`); each write is applied as DynamoDB would, unless
 * `answers` answers it instead (a fault, a lost race).
 */
function serve(
  record: NotarizationItem | undefined,
  answers: Partial<Record<Op, (input: UpdateCommandInput) => unknown>> = {},
  others: NotarizationItem[] = [],
) {
  table = fakeRecords(db, [...(record ? [record] : []), ...others], (input) => answers[operation(input)]?.(input));
}

/** The writes made, in order, with the attributes they set and the ones their condition compares. */
const writes = () =>
  db.commandCalls(UpdateCommand).map((call) => ({
    op: operation(call.args[0].input),
    set: applySet({}, call.args[0].input),
    condition: conditionEqualities(call.args[0].input),
  }));
const valuesOf = (op: Op) => writes().find((write) => write.op === op)?.set ?? {};
const conditionOf = (op: Op) => writes().find((write) => write.op === op)?.condition ?? {};

const rpc = <T>(method: string, params: unknown[] = []) => rpcClient(evm.endpoint)<T>(method, params);
const nonceOfAccount9 = async () => chain.pendingNonce(ACCOUNT_9);

/** Another transaction of the account, sent and mined (anvil answers the hash before its block exists). */
async function otherTransaction(data: Hex): Promise<Hex> {
  const hash = await rpc<Hex>('eth_sendTransaction', [{ from: ACCOUNT_9, to: ACCOUNT_9, data }]);
  await waitForReceipt(chain, hash, { timeoutMs: 10_000 });
  return hash;
}

/** An anchor transaction for `record` signed now, at `nonce`, as an earlier attempt would have stored it. */
async function signedFor(record: NotarizationItem, nonce: bigint, chainId = 31337n) {
  const baseFee = await chain.baseFeePerGas();
  const signed = signEip1559(
    {
      chainId,
      nonce,
      maxPriorityFeePerGas: 1_000_000_000n,
      maxFeePerGas: 2n * baseFee + 1_000_000_000n,
      gasLimit: 30_000n,
      to: ACCOUNT_9,
      value: 0n,
      data: anchorData(record),
    },
    parseAnchorKey(ACCOUNT_9_KEY, 'test').privateKey,
  );
  return {
    raw_transaction: signed.raw,
    transaction_hash: signed.hash,
    nonce: Number(nonce),
    from: ACCOUNT_9,
    to: ACCOUNT_9,
    url: explorerLink(EXPLORER, signed.hash),
  };
}

describe('anchorNotarization', () => {
  it('stores the signed transaction before sending it, sends the two hashes to itself, and records the block', async () => {
    const record = pending();
    const nonceBefore = await nonceOfAccount9();
    let chainKnewItWhenStored: unknown = 'not stored';
    serve(record, {
      store: async (input) => {
        chainKnewItWhenStored = await chain.transaction(applySet({}, input).transaction_hash as Hex);
        return undefined; // the table stores it
      },
    });

    expect(await anchorNotarization(keyOf(record), deps())).toBe('anchored');

    expect(db.commandCalls(GetCommand)[0]!.args[0].input).toMatchObject({ Key: keyOf(record), ConsistentRead: true });
    expect(writes().map((write) => write.op)).toEqual(['count', 'store', 'anchored']);
    expect(chainKnewItWhenStored).toBeNull();
    const stored = valuesOf('store');
    expect(stored).toMatchObject({
      nonce: Number(nonceBefore),
      from: ACCOUNT_9,
      to: ACCOUNT_9,
      url: `https://explorer.example/tx/${stored.transaction_hash}`,
    });
    expect(stored.transaction_hash).toBe(toHex(keccak_256(fromHex(stored.raw_transaction as string))));

    const onChain = await chain.transaction(stored.transaction_hash as Hex);
    expect(onChain).toMatchObject({
      input: `0x${record.dpp_hash}${record.report_hash}`,
      from: ACCOUNT_9.toLowerCase(),
      to: ACCOUNT_9.toLowerCase(),
      value: '0x0',
      type: '0x2',
    });
    const receipt = await chain.receipt(stored.transaction_hash as Hex);
    expect(valuesOf('anchored')).toMatchObject({
      status: 'ANCHORED',
      block_hash: receipt!.blockHash,
      block_number: Number(receipt!.blockNumber),
      url: stored.url,
    });
    expect(conditionOf('anchored')).toMatchObject({ status: 'PENDING', transaction_hash: stored.transaction_hash });
    expect(Number.isInteger(valuesOf('anchored').block_number)).toBe(true);
    expect(await nonceOfAccount9()).toBe(nonceBefore + 1n);
  });

  it.each([
    ['ANCHORED', 'a duplicate delivery of an anchored record'],
    ['FAILED', 'a late delivery of a failed record'],
  ] as const)('sends nothing and writes nothing for a record already %s (%s)', async (status, _why) => {
    const record = pending({ status, attempts: 1 });
    serve(record);
    const nonceBefore = await nonceOfAccount9();
    expect(await anchorNotarization(keyOf(record), deps())).toBe('skipped');
    expect(writes()).toEqual([]);
    expect(await nonceOfAccount9()).toBe(nonceBefore);
  });

  it('sends nothing when the record stops being PENDING before its attempt is counted (two deliveries at once)', async () => {
    const record = pending();
    serve(record, {
      count: () => {
        throw dynamoErrors.conditionalCheckFailed();
      },
    });
    const nonceBefore = await nonceOfAccount9();
    expect(await anchorNotarization(keyOf(record), deps())).toBe('skipped');
    expect(writes().map((write) => write.op)).toEqual(['count']);
    expect(await nonceOfAccount9()).toBe(nonceBefore);
  });

  it('passes over a key that holds no notarization record', async () => {
    serve(undefined);
    expect(await anchorNotarization(keys.notarization(crypto.randomUUID(), 1), deps())).toBe('skipped');
    expect(writes()).toEqual([]);
  });

  it('re-sends the very transaction an earlier attempt stored when sending it failed, signing nothing new', async () => {
    const record = pending({ attempts: 1 });
    const stored = await signedFor(record, await nonceOfAccount9());
    serve({ ...record, ...stored });

    expect(await anchorNotarization(keyOf(record), deps())).toBe('anchored');

    expect(writes().map((write) => write.op)).toEqual(['count', 'anchored']);
    expect(conditionOf('anchored').transaction_hash).toBe(stored.transaction_hash);
    expect(await chain.transaction(stored.transaction_hash)).toMatchObject({ nonce: `0x${stored.nonce.toString(16)}` });
  });

  it('records a stored transaction that was already mined (the worker stopped after sending) without sending another', async () => {
    const record = pending({ attempts: 1 });
    const stored = await signedFor(record, await nonceOfAccount9());
    await chain.sendRawTransaction(stored.raw_transaction);
    const nonceAfterFirst = await nonceOfAccount9();
    serve({ ...record, ...stored });

    expect(await anchorNotarization(keyOf(record), deps())).toBe('anchored');

    expect(writes().map((write) => write.op)).toEqual(['count', 'anchored']);
    expect(conditionOf('anchored').transaction_hash).toBe(stored.transaction_hash);
    expect(await nonceOfAccount9()).toBe(nonceAfterFirst);
  });

  it('signs anew only when the stored transaction can never be mined: nonce too low and no trace of it', async () => {
    const record = pending({ attempts: 1 });
    const nonce = await nonceOfAccount9();
    const stored = await signedFor(record, nonce); // stored, never sent
    // Meanwhile another transaction of the key takes that nonce.
    const other = await otherTransaction('0x01');
    serve({ ...record, ...stored });

    expect(await anchorNotarization(keyOf(record), deps())).toBe('anchored');

    expect(writes().map((write) => write.op)).toEqual(['count', 'replace', 'anchored']);
    const replacement = valuesOf('replace');
    expect(conditionOf('replace')).toMatchObject({ transaction_hash: stored.transaction_hash });
    expect(replacement).toMatchObject({ nonce: Number(nonce) + 1 });
    expect(conditionOf('anchored').transaction_hash).toBe(replacement.transaction_hash);
    expect(await chain.transaction(stored.transaction_hash)).toBeNull();
    expect((await chain.transaction(other))?.nonce).toBe(`0x${nonce.toString(16)}`);
    expect((await chain.transaction(replacement.transaction_hash as Hex))?.input).toBe(anchorData(record));
  });

  it('sends no replacement when the record changed its transaction meanwhile (the replace is conditioned on the old hash)', async () => {
    const record = pending({ attempts: 1 });
    const stored = await signedFor(record, await nonceOfAccount9());
    await otherTransaction('0x02');
    serve(
      { ...record, ...stored },
      {
        replace: () => {
          throw dynamoErrors.conditionalCheckFailed();
        },
      },
    );
    const nonceBefore = await nonceOfAccount9();

    await expect(anchorNotarization(keyOf(record), deps())).rejects.toThrow(/changed its transaction meanwhile/);

    expect(writes().map((write) => write.op)).toEqual(['count', 'replace', 'setback']);
    expect(await nonceOfAccount9()).toBe(nonceBefore);
  });

  it('sends the transaction the record holds when another attempt stored one first', async () => {
    const record = pending();
    const theirs = await signedFor(record, await nonceOfAccount9());
    serve(record, {
      store: () => {
        table.put({ ...record, ...theirs, attempts: 1 } as NotarizationItem & Record<string, unknown>);
        throw dynamoErrors.conditionalCheckFailed();
      },
    });

    expect(await anchorNotarization(keyOf(record), deps())).toBe('anchored');

    expect(writes().map((write) => write.op)).toEqual(['count', 'store', 'anchored']);
    expect(conditionOf('anchored').transaction_hash).toBe(theirs.transaction_hash);
    expect(await chain.transaction(valuesOf('store').transaction_hash as Hex)).toBeNull();
  });

  it('signs nothing for a node of another chain than EVM_CHAIN_ID, and waits for the setting to be fixed', async () => {
    const record = pending();
    serve(record);
    const nonceBefore = await nonceOfAccount9();
    await expect(anchorNotarization(keyOf(record), deps({ chainId: () => 11155111n }))).rejects.toThrow(
      'the node at EVM_RPC_URL is chain 31337, not EVM_CHAIN_ID 11155111: nothing was signed',
    );
    expect(writes().map((write) => write.op)).toEqual(['count', 'setback']);
    expect(table.item(keyOf(record))).toMatchObject({ status: 'PENDING', waiting_for: 'configuration' });
    expect(table.item(keyOf(record))?.failures).toBeUndefined();
    expect(await nonceOfAccount9()).toBe(nonceBefore);
  });

  it('waits its backoff and throws after a failed attempt before the last, so the record is delivered again', async () => {
    // A stored transaction the node refuses for good (signed for another chain): not "nonce too low".
    const record = pending({ attempts: 1 });
    serve({ ...record, ...(await signedFor(record, await nonceOfAccount9(), 1n)) });

    await expect(anchorNotarization(keyOf(record), deps())).rejects.toThrow(/invalid chain id/);

    expect(pauses).toEqual([retryDelayMs(1)]);
    expect(writes().map((write) => write.op)).toEqual(['count', 'setback']);
    expect(table.item(keyOf(record))).toMatchObject({
      status: 'PENDING',
      failures: 1,
      last_error: expect.stringMatching(/invalid chain id/),
    });
  });

  it(`makes the record FAILED when its ${MAX_ATTEMPTS}th failure comes, counts it and logs an error`, async () => {
    const record = pending({ attempts: MAX_ATTEMPTS + 3, failures: MAX_ATTEMPTS - 1 });
    serve({ ...record, ...(await signedFor(record, await nonceOfAccount9(), 1n)) });
    const errors = vi.spyOn(logger, 'error');
    const debug = vi.spyOn(logger, 'debug');

    startMetrics();
    expect(await anchorNotarization(keyOf(record), deps())).toBe('failed');
    flushMetrics('anchor-notarization');

    expect(pauses).toEqual([]);
    expect(writes().map((write) => write.op)).toEqual(['count', 'failed']);
    expect(valuesOf('failed')).toMatchObject({
      status: 'FAILED',
      failure: expect.stringMatching(/^RpcError: eth_sendRawTransaction: invalid chain id/),
    });
    expect(errors).toHaveBeenCalledWith(
      'anchor worker: notarization FAILED, not anchored',
      expect.objectContaining({ pk: record.pk, attempt: MAX_ATTEMPTS + 4, failures: MAX_ATTEMPTS }),
    );
    const emf = debug.mock.calls.find(([message]) => message === 'metrics')?.[1]?.emf as Record<string, unknown>;
    expect(emf).toMatchObject({ NotarizationsFailed: 1, route: 'anchor-notarization' });
  });

  it('makes a record that can never be anchored (hashes that are not 32 bytes) FAILED at its first attempt', async () => {
    const record = pending({ dpp_hash: 'not-a-hash' });
    serve(record);
    expect(await anchorNotarization(keyOf(record), deps())).toBe('failed');
    expect(writes().map((write) => write.op)).toEqual(['count', 'failed']);
    expect(valuesOf('failed').failure).toBe('UnanchorableError: dpp_hash and report_hash must each be 64 hex digits');
  });
});

describe('parseChainId', () => {
  it('reads a positive integer and names the setting otherwise', () => {
    expect(parseChainId('31337')).toBe(31337n);
    expect(parseChainId(' 11155111 ')).toBe(11155111n);
    for (const bad of ['0', '-1', '0x7a69', 'sepolia', '']) {
      expect(() => parseChainId(bad)).toThrow(/EVM_CHAIN_ID must be a positive integer/);
    }
  });
});
