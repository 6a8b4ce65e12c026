import { withinBudget } from '../aws/budget';
import type { Address } from './address';
import type { Hex } from './transaction';

/**
 * Ethereum JSON-RPC over `fetch` (https://ethereum.org/developers/docs/apis/json-rpc/): the
 * handful of methods the anchor worker calls, each with a timeout. No client library: a
 * plain POST per call is all of it (viem's or micro-eth-signer's clients cost 30–280 KiB of
 * bundle, measured in the research). The node's URL never appears in an error (a
 * provider's URL often carries its API key).
 */

/** The node answered with a JSON-RPC error object (`nonce too low`, `invalid chain id`, …). */
export class RpcError extends Error {
  override name = 'RpcError';
  constructor(
    readonly method: string,
    /** The JSON-RPC error code (-32000 …). */
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(`${method}: ${message} (${code})`);
  }
}

/** No JSON-RPC answer: the node was unreachable, too slow, or answered something else (an HTTP error, HTML). */
export class RpcUnavailableError extends Error {
  override name = 'RpcUnavailableError';
  constructor(
    readonly method: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${method}: ${message}`, options);
  }
}

export const DEFAULT_RPC_TIMEOUT_MS = 10_000;

export type RpcCall = <T>(method: string, params?: readonly unknown[]) => Promise<T>;

let nextId = 0;

/** A caller of one node's JSON-RPC: each call one POST, aborted after `timeoutMs`. */
export function rpcClient(url: string, { timeoutMs = DEFAULT_RPC_TIMEOUT_MS } = {}): RpcCall {
  return async <T>(method: string, params: readonly unknown[] = []): Promise<T> => {
    const id = ++nextId;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
        // Its own timeout or the worker's or request's budget (lib/aws/budget.ts), whichever ends first.
        signal: withinBudget(AbortSignal.timeout(timeoutMs)),
      });
    } catch (error) {
      const timedOut = (error as { name?: string }).name === 'TimeoutError';
      throw new RpcUnavailableError(method, timedOut ? `no answer within ${timeoutMs} ms` : 'the node is unreachable', {
        cause: error,
      });
    }
    let body: { id?: unknown; result?: T; error?: { code?: unknown; message?: unknown; data?: unknown } };
    try {
      body = (await response.json()) as typeof body;
    } catch (error) {
      throw new RpcUnavailableError(method, `HTTP ${response.status} without a JSON-RPC answer`, { cause: error });
    }
    if (body?.error) {
      const { code, message, data } = body.error;
      throw new RpcError(method, typeof code === 'number' ? code : 0, String(message ?? 'error'), data);
    }
    if (!response.ok || body?.id !== id || !('result' in body)) {
      throw new RpcUnavailableError(method, `HTTP ${response.status} without a JSON-RPC result`);
    }
    return body.result as T;
  };
}

/** A QUANTITY (`0x`-hex, no leading zeros) as a bigint; throws on anything else. */
export function quantity(value: unknown): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) {
    throw new Error(`expected a hex quantity, got ${JSON.stringify(value)}`);
  }
  return BigInt(value);
}

/**
 * The node refused a transaction because its account already used that nonce. Geth, Erigon,
 * reth and anvil say "nonce too low"; Nethermind "OldNonce".
 */
export const isNonceTooLow = (error: unknown): boolean =>
  error instanceof RpcError && /nonce too low|OldNonce/i.test(error.message);

/**
 * The node refused a transaction (or its gas estimate) because the account cannot pay for its
 * gas: geth, reth and anvil say "insufficient funds"; Nethermind "InsufficientFunds".
 */
export const isInsufficientFunds = (error: unknown): boolean =>
  error instanceof RpcError && /insufficient ?funds/i.test(error.message);

/**
 * The node refused a transaction that would replace one of the same nonce in its pool without
 * paying enough more (geth: "replacement transaction underpriced"; anvil and reth say the same).
 */
export const isReplacementUnderpriced = (error: unknown): boolean =>
  error instanceof RpcError && /underpriced/i.test(error.message);

/** What the worker reads of a mined transaction's receipt. */
export interface Receipt {
  transactionHash: Hex;
  blockHash: Hex;
  blockNumber: Hex;
  /** `0x1` success, `0x0` reverted (the transaction, and its data, are in the block either way). */
  status: Hex;
  from: Address;
  to: Address | null;
}

/** A transaction as `eth_getTransactionByHash` answers it (pending: `blockHash` null). */
export interface ChainTransaction {
  hash: Hex;
  from: Address;
  to: Address | null;
  input: Hex;
  nonce: Hex;
  blockHash: Hex | null;
  blockNumber: Hex | null;
}

/** The JSON-RPC methods the anchor worker uses, typed. */
export function ethereum(call: RpcCall) {
  return {
    chainId: async (): Promise<bigint> => quantity(await call('eth_chainId')),
    /** The next nonce of `address`, counting its transactions still in the node's pool. */
    pendingNonce: async (address: Address): Promise<bigint> =>
      quantity(await call('eth_getTransactionCount', [address, 'pending'])),
    baseFeePerGas: async (): Promise<bigint> => {
      const block = await call<{ baseFeePerGas?: unknown } | null>('eth_getBlockByNumber', ['latest', false]);
      return quantity(block?.baseFeePerGas);
    },
    maxPriorityFeePerGas: async (): Promise<bigint> => quantity(await call('eth_maxPriorityFeePerGas')),
    /** The account's balance in wei at the latest block. */
    balance: async (address: Address): Promise<bigint> => quantity(await call('eth_getBalance', [address, 'latest'])),
    /** The number of the latest block. */
    blockNumber: async (): Promise<bigint> => quantity(await call('eth_blockNumber')),
    estimateGas: async (tx: { from: Address; to: Address; data: Hex }): Promise<bigint> =>
      quantity(await call('eth_estimateGas', [tx])),
    sendRawTransaction: (raw: Hex): Promise<Hex> => call<Hex>('eth_sendRawTransaction', [raw]),
    transaction: (hash: Hex): Promise<ChainTransaction | null> =>
      call<ChainTransaction | null>('eth_getTransactionByHash', [hash]),
    receipt: (hash: Hex): Promise<Receipt | null> => call<Receipt | null>('eth_getTransactionReceipt', [hash]),
  };
}
export type Ethereum = ReturnType<typeof ethereum>;

export interface ReceiptWait {
  /** Give up (throw) after this long without a receipt. */
  timeoutMs: number;
  /** First pause between polls; doubles up to `maxIntervalMs` (a local chain mines in milliseconds, a real one in seconds). */
  firstIntervalMs?: number;
  maxIntervalMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export class ReceiptTimeoutError extends Error {
  override name = 'ReceiptTimeoutError';
}

const pause = (ms: number) => new Promise<void>((wake) => setTimeout(wake, ms));

/** Polls for the receipt of `hash` until the transaction is mined; throws ReceiptTimeoutError after `timeoutMs`. */
export async function waitForReceipt(chain: Ethereum, hash: Hex, wait: ReceiptWait): Promise<Receipt> {
  const { timeoutMs, firstIntervalMs = 100, maxIntervalMs = 2_000, sleep = pause, now = Date.now } = wait;
  const deadline = now() + timeoutMs;
  for (let interval = firstIntervalMs; ; interval = Math.min(interval * 2, maxIntervalMs)) {
    const receipt = await chain.receipt(hash);
    if (receipt) return receipt;
    const left = deadline - now();
    if (left <= 0) throw new ReceiptTimeoutError(`${hash} was not mined within ${timeoutMs} ms`);
    await sleep(Math.min(interval, left));
  }
}
