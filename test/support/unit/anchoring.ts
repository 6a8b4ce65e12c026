import { vi } from 'vitest';
import { parseAnchorKey } from '../../../lib/anchoring/anchor-key';
import type { AnchoringDeps } from '../../../lib/anchoring/anchor-notarization';
import { type Ethereum, ethereum, rpcClient } from '../../../lib/evm/rpc';
import { toHex } from '../../../lib/evm/transaction';
import { logger } from '../../../lib/logger';
import { flushMetrics, startMetrics } from '../../../lib/metrics';
import { type NotarizationItem, toNotarizationItem } from '../../../lib/notarizations/model';

/**
 * What the anchor worker's tests share: the local anchoring account (the test mnemonic's
 * account 9, as `npm start` uses it), a PENDING record as notarize writes it, the worker's
 * dependencies on a chain of the test's own, and the metrics an invocation flushed.
 */
export const ACCOUNT_9_KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';
export const ACCOUNT_9 = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';
export const EXPLORER = 'https://explorer.example/';

const hex32 = () => toHex(crypto.getRandomValues(new Uint8Array(32))).slice(2);

export function pendingRecord(overrides: Partial<NotarizationItem> = {}): NotarizationItem {
  return toNotarizationItem({
    id: crypto.randomUUID(),
    dpp_id: crypto.randomUUID(),
    company_id: crypto.randomUUID(),
    version: 3,
    version_id: 'v3',
    dpp_hash: hex32(),
    report_hash: hex32(),
    submitter: ACCOUNT_9,
    snapshot: { dpp: {} as NotarizationItem['snapshot']['dpp'], files: [], cards: [] },
    status: 'PENDING',
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    attempts: 0,
    ...overrides,
  });
}

export const keyOf = (record: { pk: string; sk: string }) => ({ pk: record.pk, sk: record.sk });

/** The node at `endpoint`, as the worker calls it. */
export const chainAt = (endpoint: string): Ethereum => ethereum(rpcClient(endpoint, { timeoutMs: 2_000 }));

/**
 * The worker's dependencies on `endpoint`'s chain: no backoff pauses (recorded in `pauses`), and
 * a wait for a block that anvil's automine never makes long, even on a loaded machine; a test
 * that expects the attempt to stop waiting gives `receiptTimeoutMs` a short one of its own.
 */
export function chainDeps(
  endpoint: string,
  pauses: number[] = [],
  overrides: Partial<AnchoringDeps> = {},
): AnchoringDeps {
  const chain = chainAt(endpoint);
  return {
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
    now: () => new Date(),
    ...overrides,
  };
}

/** Runs `work` as one invocation and returns the EMF document its metrics made (or undefined). */
export async function metricsOf<T>(work: () => Promise<T>): Promise<{ result: T; emf?: Record<string, unknown> }> {
  const debug = vi.spyOn(logger, 'debug');
  try {
    startMetrics();
    const result = await work();
    flushMetrics('anchor-notarization');
    const emf = debug.mock.calls.find(([message]) => message === 'metrics')?.[1]?.emf as
      | Record<string, unknown>
      | undefined;
    return { result, emf };
  } finally {
    debug.mockRestore();
  }
}

/** A JSON-RPC call straight to the node (anvil's own methods: mining, balances, snapshots). */
export const rpcOf =
  (endpoint: string) =>
  <T>(method: string, params: unknown[] = []) =>
    rpcClient(endpoint)<T>(method, params);
