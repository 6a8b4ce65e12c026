import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ethereum,
  isNonceTooLow,
  quantity,
  type Receipt,
  ReceiptTimeoutError,
  RpcError,
  RpcUnavailableError,
  rpcClient,
  waitForReceipt,
} from '../../../lib/evm/rpc';

/**
 * The JSON-RPC client against an HTTP server that answers what a real node, or what stands
 * in front of one (a gateway, a proxy), may answer: faults a local anvil never produces. The
 * real node's answers are in the integration tests (test/infra/local/stream-worker.test.ts).
 */
type Answer = (request: { id: number; method: string; params: unknown[] }, res: ServerResponse) => void;
let answer: Answer;
let server: Server;
let url: string;
const received: Array<{ method: string; params: unknown[]; contentType?: string }> = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const request = JSON.parse(body) as { id: number; method: string; params: unknown[] };
      received.push({ method: request.method, params: request.params, contentType: req.headers['content-type'] });
      answer(request, res);
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((closed) => server.close(closed));
});

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const result =
  (value: unknown): Answer =>
  (request, res) =>
    json(res, 200, { jsonrpc: '2.0', id: request.id, result: value });

describe('rpcClient', () => {
  it('POSTs a JSON-RPC 2.0 request and answers its result', async () => {
    answer = result('0x7a69');
    received.length = 0;
    expect(await rpcClient(url)('eth_chainId')).toBe('0x7a69');
    expect(received).toEqual([{ method: 'eth_chainId', params: [], contentType: 'application/json' }]);
  });

  it('throws an RpcError with the code and message of a JSON-RPC error, e.g. nonce too low', async () => {
    answer = (request, res) =>
      json(res, 200, { jsonrpc: '2.0', id: request.id, error: { code: -32003, message: 'nonce too low' } });
    const error = await rpcClient(url)('eth_sendRawTransaction', ['0x02']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({ method: 'eth_sendRawTransaction', code: -32003 });
    expect((error as Error).message).toBe('eth_sendRawTransaction: nonce too low (-32003)');
    expect(isNonceTooLow(error)).toBe(true);
  });

  it.each([
    [
      'a gateway error page',
      (res: ServerResponse) => res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>502</h1>'),
    ],
    ['a JSON body without a result', (res: ServerResponse) => json(res, 200, { jsonrpc: '2.0', id: 1 })],
    ['an HTTP error with a JSON body', (res: ServerResponse) => json(res, 429, { message: 'rate limited' })],
  ])('throws RpcUnavailableError on %s', async (_what, send) => {
    answer = (_request, res) => send(res);
    await expect(rpcClient(url)('eth_blockNumber')).rejects.toBeInstanceOf(RpcUnavailableError);
  });

  it("throws RpcUnavailableError on an answer to another request's id", async () => {
    answer = (request, res) => json(res, 200, { jsonrpc: '2.0', id: request.id + 1, result: '0x1' });
    await expect(rpcClient(url)('eth_blockNumber')).rejects.toThrow(/without a JSON-RPC result/);
  });

  it('gives up after its timeout on a node that does not answer', async () => {
    answer = () => undefined; // never answers: an answer at all is the timeout's (no duration asserted)
    const error = await rpcClient(url, { timeoutMs: 200 })('eth_blockNumber').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcUnavailableError);
    expect((error as Error).message).toBe('eth_blockNumber: no answer within 200 ms');
  });

  it('throws RpcUnavailableError for an unreachable node, without its URL (a provider URL may hold a key)', async () => {
    const secretUrl = 'http://127.0.0.1:9/v3/secret-api-key';
    const error = await rpcClient(secretUrl)('eth_chainId').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcUnavailableError);
    expect((error as Error).message).toBe('eth_chainId: the node is unreachable');
    expect(JSON.stringify(error)).not.toContain('secret-api-key');
  });
});

describe('isNonceTooLow', () => {
  it("recognises geth's, anvil's and Nethermind's words, and only JSON-RPC errors", () => {
    expect(
      isNonceTooLow(new RpcError('eth_sendRawTransaction', -32000, 'nonce too low: next nonce 5, tx nonce 4')),
    ).toBe(true);
    expect(isNonceTooLow(new RpcError('eth_sendRawTransaction', -32010, 'OldNonce'))).toBe(true);
    expect(isNonceTooLow(new RpcError('eth_sendRawTransaction', -32003, 'transaction already imported'))).toBe(false);
    expect(isNonceTooLow(new Error('nonce too low'))).toBe(false);
  });
});

describe('quantity', () => {
  it('reads hex quantities and refuses anything else', () => {
    expect(quantity('0x0')).toBe(0n);
    expect(quantity('0x7a69')).toBe(31337n);
    expect(() => quantity('7a69')).toThrow(/hex quantity/);
    expect(() => quantity(null)).toThrow(/hex quantity/);
    expect(() => quantity('0x')).toThrow(/hex quantity/);
  });
});

describe('ethereum', () => {
  it('asks for the pending nonce, the latest base fee and a gas estimate with the parameters nodes expect', async () => {
    const answers: Record<string, unknown> = {
      eth_getTransactionCount: '0x5',
      eth_getBlockByNumber: { number: '0x10', baseFeePerGas: '0x3b9aca00' },
      eth_estimateGas: '0x5c08',
    };
    answer = (request, res) => result(answers[request.method])(request, res);
    received.length = 0;
    const chain = ethereum(rpcClient(url));
    const from = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';
    expect(await chain.pendingNonce(from)).toBe(5n);
    expect(await chain.baseFeePerGas()).toBe(1_000_000_000n);
    expect(await chain.estimateGas({ from, to: from, data: '0x00' })).toBe(23_560n);
    expect(received.map(({ method, params }) => ({ method, params }))).toEqual([
      { method: 'eth_getTransactionCount', params: [from, 'pending'] },
      { method: 'eth_getBlockByNumber', params: ['latest', false] },
      { method: 'eth_estimateGas', params: [{ from, to: from, data: '0x00' }] },
    ]);
  });
});

describe('waitForReceipt', () => {
  const receipt: Receipt = {
    transactionHash: `0x${'ab'.repeat(32)}`,
    blockHash: `0x${'cd'.repeat(32)}`,
    blockNumber: '0x2',
    status: '0x1',
    from: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
    to: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
  };

  /** A chain whose receipt appears after `polls` reads, and a clock that only the pauses move. */
  function fakes(polls: number) {
    let now = 0;
    let reads = 0;
    const pauses: number[] = [];
    const chain = {
      receipt: async () => (++reads > polls ? receipt : null),
    } as unknown as ReturnType<typeof ethereum>;
    return {
      chain,
      pauses,
      reads: () => reads,
      wait: {
        now: () => now,
        sleep: async (ms: number) => {
          pauses.push(ms);
          now += ms;
        },
      },
    };
  }

  it('polls at once, then after pauses that double up to the maximum', async () => {
    const { chain, pauses, wait } = fakes(6);
    expect(await waitForReceipt(chain, receipt.transactionHash, { timeoutMs: 60_000, ...wait })).toBe(receipt);
    expect(pauses).toEqual([100, 200, 400, 800, 1_600, 2_000]);
  });

  it('throws ReceiptTimeoutError once the timeout has passed, never pausing past it', async () => {
    const { chain, pauses, wait } = fakes(Number.POSITIVE_INFINITY);
    const error = await waitForReceipt(chain, receipt.transactionHash, { timeoutMs: 1_000, ...wait }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ReceiptTimeoutError);
    expect(pauses.reduce((a, b) => a + b, 0)).toBe(1_000);
  });
});
