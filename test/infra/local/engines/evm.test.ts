/**
 * The local EVM chain (anvil) that `npm start` and the test setup run beside the other engines,
 * driven over plain JSON-RPC: the chain notarizations anchor on.
 */

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EVM_CHAIN_ID, startEvm } from '../../../../infra/local/engines/evm';
import { childProcesses, refusesConnections } from '../../../support/processes';

const ANVIL = /bin\/anvil /;
const ANVIL_AND_WATCHDOG = /bin\/anvil |anvil-watchdog/;

/** Account 0 of the test mnemonic (m/44'/60'/0'/0/0). */
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('the EVM chain of the local stack', () => {
  const url = inject('evmRpcUrl');

  it('is chain 31337', async () => {
    expect(EVM_CHAIN_ID).toBe(31337);
    expect(await rpc(url, 'eth_chainId')).toBe('0x7a69');
  });

  it("funds and unlocks the test mnemonic's account 0", async () => {
    expect(BigInt(await rpc<string>(url, 'eth_getBalance', [ACCOUNT_0, 'latest']))).toBeGreaterThan(10n ** 21n);
    expect(await rpc<string[]>(url, 'eth_accounts')).toContain(ACCOUNT_0.toLowerCase());
  });

  it('mines a transaction with arbitrary data and gives the same input back', async () => {
    const data = `0x${randomBytes(39).toString('hex')}`;

    const hash = await rpc<string>(url, 'eth_sendTransaction', [{ from: ACCOUNT_0, to: ACCOUNT_1, data }]);

    const receipt = await receiptOf(url, hash);
    expect(receipt).toMatchObject({ status: '0x1' });
    const transaction = await rpc<{ input: string; from: string; blockNumber: string }>(
      url,
      'eth_getTransactionByHash',
      [hash],
    );
    expect(transaction.input).toBe(data);
    expect(transaction.from).toBe(ACCOUNT_0.toLowerCase());
    expect(transaction.blockNumber).toBe(receipt?.blockNumber);
  });
});

describe('startEvm', () => {
  // One chain of its own, kept in a data directory: stopped, then started again on its data.
  let dataDir: string;
  let first: Awaited<ReturnType<typeof startEvm>> | undefined;
  const sent = { hash: '', data: `0x${randomBytes(8).toString('hex')}` };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'evm-data-'));
    first = await startEvm({ dataDir });
    sent.hash = await rpc<string>(first.endpoint, 'eth_sendTransaction', [
      { from: ACCOUNT_0, to: ACCOUNT_1, data: sent.data },
    ]);
    await receiptOf(first.endpoint, sent.hash);
  });

  afterAll(async () => {
    await first?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stop() releases the port and ends the anvil process', async () => {
    const evm = first!;
    const port = Number(new URL(evm.endpoint).port);
    expect(await childProcesses(ANVIL, 1)).toHaveLength(1);

    await evm.stop();
    await evm.stop(); // a second call is harmless

    expect(await refusesConnections(port)).toBe(true);
    expect(await childProcesses(ANVIL_AND_WATCHDOG)).toEqual([]);
  });

  it('keeps the chain in <dataDir>/chain.json across a restart', async () => {
    await first!.stop();
    const second = await startEvm({ dataDir });
    try {
      const transaction = await rpc<{ input: string }>(second.endpoint, 'eth_getTransactionByHash', [sent.hash]);
      expect(transaction.input).toBe(sent.data);
    } finally {
      await second.stop();
    }
  });

  it('fails with anvil’s own words when its port is taken (here by the local stack’s chain)', async () => {
    const port = Number(new URL(inject('evmRpcUrl')).port);
    await expect(startEvm({ port })).rejects.toThrow(/anvil exited .*stderr/s);
    expect(await childProcesses(ANVIL_AND_WATCHDOG)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

async function rpc<T = string>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/** The receipt of a sent transaction: anvil answers the hash first and mines right after, so poll briefly. */
async function receiptOf(url: string, hash: string): Promise<{ status: string; blockNumber: string }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const receipt = await rpc<{ status: string; blockNumber: string } | null>(url, 'eth_getTransactionReceipt', [hash]);
    if (receipt) return receipt;
    await new Promise((wake) => setTimeout(wake, 100));
  }
  throw new Error(`no receipt for ${hash} within 5 s`);
}
