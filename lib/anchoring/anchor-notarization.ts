import { required } from '../config';
import { ItemType, type Key } from '../data/keys';
import { type Ethereum, ethereum, isNonceTooLow, quantity, rpcClient, waitForReceipt } from '../evm/rpc';
import { type Hex, signEip1559 } from '../evm/transaction';
import { logger } from '../logger';
import { countNotarizationAnchored, countNotarizationFailed } from '../metrics';
import type { NotarizationItem } from '../notarizations/model';
import { type AnchorKey, anchorKey } from './anchor-key';
import { anchoringRepository as records, type StoredTransaction } from './repository';
import { MAX_ATTEMPTS, RECEIPT_TIMEOUT_MS, RPC_TIMEOUT_MS, retryDelayMs } from './worker';

/**
 * The anchor worker's use case (docs/spec/decisions.md, Versions and notarization; Anchoring on
 * a real chain): put a PENDING notarization's hashes on the configured EVM chain, in one
 * 0-value EIP-1559 transaction from the anchoring account to itself whose data is
 * `0x<dpp_hash><report_hash>` (64 bytes), and record where it was mined.
 *
 * One attempt, for one delivery of the record's stream event:
 *   1. read the record (strongly consistent); anything but PENDING is done: nothing to send;
 *   2. count the attempt on it (conditioned on PENDING);
 *   3. the transaction: the one the record already holds (an earlier attempt signed and stored
 *      it), else a new one, signed (after checking the node's chain id against EVM_CHAIN_ID)
 *      and stored with its hash, nonce, from, to and explorer link BEFORE it is sent, on the
 *      condition that the record holds none yet;
 *   4. send it. A node that already has it (pending or mined: a retry) is fine. A "nonce too
 *      low" for a transaction the node has no trace of means its nonce went to another
 *      transaction of the key, so it can never be mined: only then is a new one signed, and
 *      stored in its place on the condition that the record still holds the old hash;
 *   5. wait for its receipt, then ANCHORED with block hash and number (conditioned on PENDING
 *      and on that transaction hash).
 * A failed attempt waits (retryDelayMs) and throws, so the stream delivers the record again; a
 * failure of the last attempt (MAX_ATTEMPTS), or of a record that can never be anchored, makes
 * it FAILED, counted (NotarizationsFailed, which the stack alarms on) and logged as an error.
 *
 * So a record delivered twice never sends two transactions: every write is conditioned on its
 * status, a retry re-sends the very bytes it stored, and the one key's nonces are used by one
 * worker at a time (reserved concurrency 1 in the cloud, one poller locally).
 */

const rpcUrlSetting = /* @__PURE__ */ required('EVM_RPC_URL');
const chainIdSetting = /* @__PURE__ */ required('EVM_CHAIN_ID');
const explorerUrlSetting = /* @__PURE__ */ required('EVM_EXPLORER_URL');

export type AnchorOutcome = 'anchored' | 'failed' | 'skipped';

/** What the use case talks to besides the table: the configured chain and key, and time. */
export interface AnchoringDeps {
  chain: () => Ethereum;
  /** EVM_CHAIN_ID: the chain the node must say it is before anything is signed. */
  chainId: () => bigint;
  /** EVM_EXPLORER_URL: a transaction's link is `<explorer>/tx/<hash>`. */
  explorerUrl: () => string;
  key: () => Promise<AnchorKey>;
  receiptTimeoutMs: number;
  /** The backoff pause after a failed attempt. */
  pause: (ms: number) => Promise<void>;
  now: () => Date;
}

/** A record that can never be anchored (its hashes are not 32-byte hex): FAILED at once. */
export class UnanchorableError extends Error {
  override name = 'UnanchorableError';
}

let chain: Ethereum | undefined;

/** EVM_CHAIN_ID as a number; a value that is not a positive integer stops the attempt, naming the setting. */
export function parseChainId(value: string): bigint {
  if (!/^[1-9]\d{0,18}$/.test(value.trim())) throw new Error(`EVM_CHAIN_ID must be a positive integer, not "${value}"`);
  return BigInt(value.trim());
}

export const configuredDeps = (): AnchoringDeps => ({
  chain: () => {
    chain ??= ethereum(rpcClient(rpcUrlSetting(), { timeoutMs: RPC_TIMEOUT_MS }));
    return chain;
  },
  chainId: () => parseChainId(chainIdSetting()),
  explorerUrl: explorerUrlSetting,
  key: anchorKey,
  receiptTimeoutMs: RECEIPT_TIMEOUT_MS,
  pause: (ms) => new Promise((wake) => setTimeout(wake, ms)),
  now: () => new Date(),
});

const HASH = /^[0-9a-fA-F]{64}$/;

/** The transaction's data: `0x`, the version's content hash, the report's hash (64 bytes). */
export function anchorData(record: Pick<NotarizationItem, 'dpp_hash' | 'report_hash'>): Hex {
  if (!HASH.test(record.dpp_hash ?? '') || !HASH.test(record.report_hash ?? '')) {
    throw new UnanchorableError('dpp_hash and report_hash must each be 64 hex digits');
  }
  return `0x${record.dpp_hash.toLowerCase()}${record.report_hash.toLowerCase()}`;
}

export const explorerLink = (explorerUrl: string, hash: string): string =>
  `${explorerUrl.replace(/\/+$/, '')}/tx/${hash}`;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Anchors the notarization record `key` (one attempt; see above). */
export async function anchorNotarization(key: Key, deps: AnchoringDeps = configuredDeps()): Promise<AnchorOutcome> {
  const where = { pk: key.pk, sk: key.sk };
  const record = await records.read(key);
  if (record?.type !== ItemType.Notarization) {
    logger.warn('anchor worker: no notarization record under this key; nothing to anchor', where);
    return 'skipped';
  }
  if (record.status !== 'PENDING') {
    logger.info(`anchor worker: the notarization is already ${record.status}; nothing to send`, where);
    return 'skipped';
  }
  const counted = await records.countAttempt(key, deps.now().toISOString());
  if (!counted) return 'skipped';
  const attempt = counted.attempts;
  try {
    const mined = await anchorOnce(key, counted, deps);
    if (!mined) return 'skipped';
    countNotarizationAnchored();
    logger.info('anchor worker: notarization anchored', {
      ...where,
      attempt,
      transaction_hash: mined.hash,
      block_number: mined.blockNumber,
    });
    return 'anchored';
  } catch (error) {
    if (attempt < MAX_ATTEMPTS && !(error instanceof UnanchorableError)) {
      const delayMs = retryDelayMs(attempt);
      logger.warn('anchor worker: attempt failed; the record is delivered again', {
        ...where,
        attempt,
        max_attempts: MAX_ATTEMPTS,
        retry_in_ms: delayMs,
        error,
      });
      await deps.pause(delayMs);
      throw error;
    }
    const failure = `${(error as Error).name}: ${(error as Error).message}`.slice(0, 1_000);
    if (!(await records.markFailed(key, failure, deps.now().toISOString()))) return 'skipped';
    countNotarizationFailed();
    logger.error('anchor worker: notarization FAILED, not anchored', { ...where, attempt, error });
    return 'failed';
  }
}

/** The attempt itself: undefined when the record stopped being PENDING (or changed its transaction) meanwhile. */
async function anchorOnce(key: Key, record: NotarizationItem, deps: AnchoringDeps) {
  const chain = deps.chain();
  let tx: StoredTransaction | undefined = storedTransaction(record);
  if (!tx) {
    const signed = await signAnchor(record, chain, deps);
    if (await records.storeTransaction(key, signed, deps.now().toISOString())) tx = signed;
    else {
      // Lost a race: the record holds another attempt's transaction now (or is done).
      const current = await records.read(key);
      if (current?.status !== 'PENDING') return undefined;
      tx = storedTransaction(current);
      if (!tx) throw new Error('the notarization record refused the transaction but holds none');
    }
  }
  const sent = await send(key, record, tx, chain, deps);
  const receipt = await waitForReceipt(chain, sent.hash as Hex, { timeoutMs: deps.receiptTimeoutMs });
  if (receipt.status !== '0x1') {
    // Mined all the same: its data is in the block, which is what anchoring needs.
    logger.warn('anchor worker: the anchor transaction was mined with a failed status', { hash: sent.hash });
  }
  const mined = {
    hash: sent.hash,
    blockHash: receipt.blockHash,
    blockNumber: Number(quantity(receipt.blockNumber)),
    url: explorerLink(deps.explorerUrl(), sent.hash),
  };
  return (await records.markAnchored(key, mined, deps.now().toISOString())) ? mined : undefined;
}

function storedTransaction(record: NotarizationItem): StoredTransaction | undefined {
  const { raw_transaction: raw, transaction_hash: hash, nonce, from, to, url } = record;
  if (!raw || !hash) return undefined;
  return { raw, hash, nonce: nonce ?? 0, from: from ?? '', to: to ?? '', url: url ?? '' };
}

/** Sends the transaction; the one actually on its way (a new one only when the stored one can never be mined). */
async function send(
  key: Key,
  record: NotarizationItem,
  tx: StoredTransaction,
  chain: Ethereum,
  deps: AnchoringDeps,
): Promise<StoredTransaction> {
  let refusal: unknown;
  try {
    const named = await chain.sendRawTransaction(tx.raw as Hex);
    if (!same(named, tx.hash)) throw new Error(`the node named the transaction ${named}, not ${tx.hash}`);
    return tx;
  } catch (error) {
    refusal = error;
  }
  // Sent before by an earlier attempt: the node has it, in its pool or in a block.
  if ((await chain.transaction(tx.hash as Hex)) || (await chain.receipt(tx.hash as Hex))) return tx;
  if (!isNonceTooLow(refusal)) throw refusal;
  // The key's nonce moved past this transaction's, and the chain has no trace of it: another
  // transaction took its nonce, so it can never be mined. Only now is a new one signed.
  const replacement = await signAnchor(record, chain, deps);
  if (!(await records.replaceTransaction(key, replacement, tx.hash, deps.now().toISOString()))) {
    throw new Error('the notarization record changed its transaction meanwhile; the next attempt reads it again');
  }
  logger.warn('anchor worker: the stored transaction can never be mined (its nonce was taken); sent a new one', {
    pk: key.pk,
    sk: key.sk,
    previous_hash: tx.hash,
    previous_nonce: tx.nonce,
    transaction_hash: replacement.hash,
    nonce: replacement.nonce,
  });
  await chain.sendRawTransaction(replacement.raw as Hex);
  return replacement;
}

/** A new signed anchor transaction for the record, after checking that the node is the configured chain. */
async function signAnchor(record: NotarizationItem, chain: Ethereum, deps: AnchoringDeps): Promise<StoredTransaction> {
  const data = anchorData(record);
  const { privateKey, address } = await deps.key();
  const [chainId, nonce, baseFee, tip, gasLimit] = await Promise.all([
    chain.chainId(),
    chain.pendingNonce(address),
    chain.baseFeePerGas(),
    chain.maxPriorityFeePerGas(),
    chain.estimateGas({ from: address, to: address, data }),
  ]);
  const expected = deps.chainId();
  if (chainId !== expected) {
    throw new Error(`the node at EVM_RPC_URL is chain ${chainId}, not EVM_CHAIN_ID ${expected}: nothing was signed`);
  }
  const signed = signEip1559(
    {
      chainId,
      nonce,
      maxPriorityFeePerGas: tip,
      // Room for the base fee to double before the transaction is mined (the usual wallet rule).
      maxFeePerGas: 2n * baseFee + tip,
      gasLimit,
      to: address,
      value: 0n,
      data,
    },
    privateKey,
  );
  return {
    raw: signed.raw,
    hash: signed.hash,
    nonce: Number(nonce),
    from: address,
    to: address,
    url: explorerLink(deps.explorerUrl(), signed.hash),
  };
}
