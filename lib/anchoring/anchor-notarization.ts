import { isDependencyUnavailable } from '../aws/errors';
import { optional, required } from '../config';
import { ItemType, type Key } from '../data/keys';
import {
  type Ethereum,
  ethereum,
  isInsufficientFunds,
  isNonceTooLow,
  isReplacementUnderpriced,
  quantity,
  type Receipt,
  RpcUnavailableError,
  rpcClient,
} from '../evm/rpc';
import { type Hex, signEip1559 } from '../evm/transaction';
import { logger } from '../logger';
import {
  countAnchoringBlocked,
  countNotarizationAnchored,
  countNotarizationFailed,
  recordAnchorAccountBalance,
} from '../metrics';
import type { NotarizationItem } from '../notarizations/model';
import { type AnchorKey, AnchorKeyError, anchorKey } from './anchor-key';
import { anchoringRepository as records, type StoredTransaction } from './repository';
import { RpcUrlError, rpcUrl } from './rpc-url';
import {
  DEFAULT_CONFIRMATIONS,
  DEFAULT_STUCK_AFTER_SECONDS,
  MAX_ATTEMPTS,
  RECEIPT_TIMEOUT_MS,
  RPC_TIMEOUT_MS,
  retryDelayMs,
} from './worker';

/**
 * The anchor worker's use case (docs/spec/decisions.md, Versions and notarization; docs/choices.md,
 * Anchoring on a real chain): put a PENDING notarization's hashes on the configured EVM chain,
 * in one 0-value EIP-1559 transaction from the anchoring account to itself whose data is
 * `0x<dpp_hash><report_hash>` (64 bytes), and record where it was mined once its block has
 * EVM_CONFIRMATIONS confirmations.
 *
 * One attempt, for one delivery of the record's stream event or one pass of the sweep:
 *   1. read the record (strongly consistent); anything but PENDING is done: nothing to send;
 *   2. count the attempt on it (conditioned on PENDING);
 *   3. the transaction: the one the record already holds (an earlier attempt signed and stored
 *      it), else a new one, signed (after checking the node's chain id against EVM_CHAIN_ID,
 *      and that the account can pay for its gas) and stored with its hash, nonce, fees, from,
 *      to and explorer link BEFORE it is sent, on the condition that the record holds none yet;
 *   4. already mined (it, or one it replaced)? Else send it. A node that already has it is
 *      fine. A "nonce too low" for a transaction the node has no trace of means its nonce went
 *      to another transaction of the key, so it can never be mined: only then is a new one
 *      signed, and stored in its place on the condition that the record still holds the old
 *      hash. A record that had a block but whose transaction the chain no longer has in one
 *      lost it in a reorg: the block is forgotten, the reorg counted, and the transaction sent
 *      again (the same bytes; re-signed only if its nonce was taken meanwhile);
 *   5. wait for it to be mined; one still unmined EVM_STUCK_AFTER_SECONDS after it was signed
 *      is replaced by one of the same nonce with fees at least 10% higher (EIP-1559
 *      replacement rule), stored first, the old hash kept since either may be mined;
 *   6. wait for its block to have EVM_CONFIRMATIONS confirmations, checking that the
 *      transaction is still in a block (a reorg may move or drop it), then ANCHORED with block
 *      hash and number (conditioned on PENDING and on the stored transaction hash).
 *
 * What does not anchor it now either waits or fails:
 *   - a cause that goes away by waiting (WaitingFor: the node unreachable, the account short
 *     of funds, a wrong setting, an AWS dependency down, not mined or not confirmed yet) never
 *     counts: the record stays PENDING with `waiting_for`, and is tried again, by the stream
 *     (after a backoff, while its attempts are fewer than MAX_ATTEMPTS) and then by the
 *     scheduled sweep (every SWEEP_EVERY_MINUTES), however long it takes. The ones that need
 *     the operator or the chain count AnchoringBlocked;
 *   - any other failure (the node refuses the transaction itself) counts on the record
 *     (`failures`); the MAX_ATTEMPTS-th makes it FAILED, as does, at once, a record that can
 *     never be anchored (its hashes are not 32 bytes), counted (NotarizationsFailed, which
 *     the stack alarms on) and logged as an error, with its `failure`.
 *
 * So a record delivered twice never sends two anchors: every write is conditioned on its
 * status, a retry re-sends the very bytes it stored, a replacement has the same nonce, and the
 * one key's nonces are used by one worker at a time (reserved concurrency 1 in the cloud, one
 * poller locally, the sweep inside the same function).
 */

const chainIdSetting = /* @__PURE__ */ required('EVM_CHAIN_ID');
const explorerUrlSetting = /* @__PURE__ */ required('EVM_EXPLORER_URL');
const confirmationsSetting = /* @__PURE__ */ optional('EVM_CONFIRMATIONS');
const stuckAfterSetting = /* @__PURE__ */ optional('EVM_STUCK_AFTER_SECONDS');

/** `waiting`: PENDING still, for a cause that goes away; it is tried again. */
export type AnchorOutcome = 'anchored' | 'failed' | 'skipped' | 'waiting';

/** What the use case talks to besides the table: the configured chain and key, and time. */
export interface AnchoringDeps {
  chain: () => Ethereum | Promise<Ethereum>;
  /** EVM_CHAIN_ID: the chain the node must say it is before anything is signed. */
  chainId: () => bigint;
  /** EVM_EXPLORER_URL: a transaction's link is `<explorer>/tx/<hash>`. */
  explorerUrl: () => string;
  key: () => Promise<AnchorKey>;
  /** How long one attempt waits for its transaction to be mined and confirmed. */
  receiptTimeoutMs: number;
  /** EVM_CONFIRMATIONS: blocks (its own included) that must hold the transaction. */
  confirmations: () => number;
  /** EVM_STUCK_AFTER_SECONDS, in ms: an unmined transaction this old is replaced with higher fees. */
  stuckAfterMs: () => number;
  /** The backoff pause after a failed attempt. */
  pause: (ms: number) => Promise<void>;
  /** The pause between two polls of the chain. */
  poll?: (ms: number) => Promise<void>;
  now: () => Date;
}

/** A record that can never be anchored (its hashes are not 32-byte hex): FAILED at once. */
export class UnanchorableError extends Error {
  override name = 'UnanchorableError';
}

/** Why an attempt leaves the record PENDING without counting a failure: each goes away by waiting. */
export type WaitingFor = 'chain' | 'funds' | 'configuration' | 'dependency' | 'mining' | 'confirmations';

/** The attempt cannot go on now, for a cause that goes away (see WaitingFor). */
export class AnchoringWaits extends Error {
  override name = 'AnchoringWaits';
  constructor(
    readonly waitingFor: WaitingFor,
    message: string,
  ) {
    super(message);
  }
}

/** Causes an operator or the chain must clear: each counts AnchoringBlocked. */
const BLOCKING: ReadonlySet<WaitingFor> = new Set(['chain', 'funds', 'configuration']);

/** What a failed attempt waits for, or undefined when waiting would not cure it. */
export function waitingFor(error: unknown): WaitingFor | undefined {
  if (error instanceof AnchoringWaits) return error.waitingFor;
  if (error instanceof RpcUnavailableError) return 'chain';
  if (isInsufficientFunds(error)) return 'funds';
  if (error instanceof RpcUrlError || error instanceof ChainSettingError || error instanceof AnchorKeyError) {
    return 'configuration';
  }
  if (isReplacementUnderpriced(error)) return 'mining';
  if (isDependencyUnavailable(error)) return 'dependency';
  return undefined;
}

/** A chain setting that is wrong (EVM_CHAIN_ID, EVM_CONFIRMATIONS, …, or a node of another chain). */
export class ChainSettingError extends Error {
  override name = 'ChainSettingError';
}

let chain: { url: string; ethereum: Ethereum } | undefined;

/** EVM_CHAIN_ID as a number; a value that is not a positive integer stops the attempt, naming the setting. */
export function parseChainId(value: string): bigint {
  if (!/^[1-9]\d{0,18}$/.test(value.trim())) {
    throw new ChainSettingError(`EVM_CHAIN_ID must be a positive integer, not "${value}"`);
  }
  return BigInt(value.trim());
}

/** A whole-number setting between 1 and `max`, or its default when unset. */
export function parseCount(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || n < 1 || n > max) {
    throw new ChainSettingError(`${name} must be a whole number from 1 to ${max}, not "${value}"`);
  }
  return n;
}

export const configuredDeps = (): AnchoringDeps => ({
  chain: async () => {
    const url = await rpcUrl();
    if (chain?.url !== url) chain = { url, ethereum: ethereum(rpcClient(url, { timeoutMs: RPC_TIMEOUT_MS })) };
    return chain.ethereum;
  },
  chainId: () => parseChainId(chainIdSetting()),
  explorerUrl: explorerUrlSetting,
  key: anchorKey,
  receiptTimeoutMs: RECEIPT_TIMEOUT_MS,
  confirmations: () => parseCount('EVM_CONFIRMATIONS', confirmationsSetting(), DEFAULT_CONFIRMATIONS, 1_000),
  stuckAfterMs: () =>
    1_000 * parseCount('EVM_STUCK_AFTER_SECONDS', stuckAfterSetting(), DEFAULT_STUCK_AFTER_SECONDS, 86_400),
  pause: sleep,
  now: () => new Date(),
});

const sleep = (ms: number) => new Promise<void>((wake) => setTimeout(wake, ms));

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

/** The EIP-1559 replacement rule: a replacement pays at least 10% more, rounded up. */
export const bumped = (fee: bigint): bigint => (fee * 110n + 99n) / 100n;

const describeError = (error: unknown) => `${(error as Error).name}: ${(error as Error).message}`.slice(0, 1_000);

export interface AnchorRun {
  /**
   * True for a delivery of the record's stream event: a setback pauses (the backoff) and
   * throws, so the stream delivers the record again, while its attempts are fewer than
   * MAX_ATTEMPTS. False for the sweep: it never throws for a setback; the next sweep comes.
   */
  redeliver?: boolean;
}

/** Anchors the notarization record `key` (one attempt; see above). */
export async function anchorNotarization(
  key: Key,
  deps: AnchoringDeps = configuredDeps(),
  run: AnchorRun = {},
): Promise<AnchorOutcome> {
  const redeliver = run.redeliver ?? true;
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
  const counted = await records.countAttempt(record, deps.now().toISOString());
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
      confirmations: mined.confirmations,
    });
    return 'anchored';
  } catch (error) {
    const waits = error instanceof UnanchorableError ? undefined : waitingFor(error);
    const failures = (counted.failures ?? 0) + (waits ? 0 : 1);
    if (waits || (failures < MAX_ATTEMPTS && !(error instanceof UnanchorableError))) {
      if (waits && BLOCKING.has(waits)) countAnchoringBlocked();
      await records.noteSetback(key, { waitingFor: waits, error: describeError(error) }, deps.now().toISOString());
      const again = redeliver && (waits ? attempt < MAX_ATTEMPTS : true);
      const delayMs = retryDelayMs(waits ? attempt : failures);
      const line = {
        ...where,
        attempt,
        ...(waits ? { waiting_for: waits } : { failures, max_failures: MAX_ATTEMPTS }),
        ...(again ? { retry_in_ms: delayMs } : {}),
        error,
      };
      // Waiting for a block is the normal course on a real chain: not worth a warning; nor is the
      // same wait as last time (the sweep tries every few seconds locally): logged when it changes.
      const message = `anchor worker: attempt did not anchor; ${again ? 'delivered again' : 'the sweep tries again'}`;
      if (waits === 'mining' || waits === 'confirmations') logger.info('anchor worker: PENDING, waiting', line);
      else if (waits && waits === counted.waiting_for) logger.debug(message, line);
      else logger.warn(message, line);
      if (!again) return 'waiting';
      await deps.pause(delayMs);
      throw error;
    }
    if (!(await records.markFailed(key, describeError(error), deps.now().toISOString()))) return 'skipped';
    countNotarizationFailed();
    logger.error('anchor worker: notarization FAILED, not anchored', { ...where, attempt, failures, error });
    return 'failed';
  }
}

interface Mined {
  hash: string;
  blockHash: string;
  blockNumber: number;
  url: string;
  confirmations: number;
}

/** The attempt itself: undefined when the record stopped being PENDING (or changed its transaction) meanwhile. */
async function anchorOnce(key: Key, record: NotarizationItem, deps: AnchoringDeps): Promise<Mined | undefined> {
  const deadline = Date.now() + deps.receiptTimeoutMs;
  const confirmations = deps.confirmations();
  const chain = await deps.chain();
  const { address } = await deps.key();
  const balance = await chain.balance(address);
  recordAnchorAccountBalance(balance);
  let tx: StoredTransaction | undefined = storedTransaction(record);
  if (!tx) {
    const signed = await signAnchor(record, chain, deps, { balance });
    if (await records.storeTransaction(key, signed, deps.now().toISOString())) tx = signed;
    else {
      // Lost a race: the record holds another attempt's transaction now (or is done).
      const current = await records.read(key);
      if (current?.status !== 'PENDING') return undefined;
      tx = storedTransaction(current);
      if (!tx) throw new Error('the notarization record refused the transaction but holds none');
    }
  }
  const hashes = [tx.hash, ...(record.replaced_transactions ?? [])];
  let found = await minedOf(chain, hashes);
  if (!found) {
    if (record.block_hash) {
      logger.warn('anchor worker: the transaction left the chain in a reorg; it is sent again', {
        pk: key.pk,
        sk: key.sk,
        transaction_hash: tx.hash,
        previous_block_hash: record.block_hash,
        previous_block_number: record.block_number,
      });
      await records.noteReorg(key, deps.now().toISOString());
    }
    const sent = await send(key, record, tx, chain, deps);
    if (sent.hash !== tx.hash) hashes.unshift(sent.hash);
    tx = sent;
    found = await untilMined(key, record, tx, hashes, chain, deps, deadline);
  } else if (record.block_hash && !same(found.blockHash, record.block_hash)) {
    logger.warn('anchor worker: a reorg moved the transaction to another block; counting again', {
      pk: key.pk,
      sk: key.sk,
      transaction_hash: found.transactionHash,
      previous_block_hash: record.block_hash,
      block_hash: found.blockHash,
    });
    await records.noteReorg(key, deps.now().toISOString());
  }
  const confirmed = await untilConfirmed(key, found, chain, confirmations, deps, deadline);
  const mined = {
    hash: confirmed.transactionHash,
    blockHash: confirmed.blockHash,
    blockNumber: Number(quantity(confirmed.blockNumber)),
    url: explorerLink(deps.explorerUrl(), confirmed.transactionHash),
    confirmations: confirmed.confirmations,
  };
  return (await records.markAnchored(key, mined, tx.hash, deps.now().toISOString())) ? mined : undefined;
}

function storedTransaction(record: NotarizationItem): StoredTransaction | undefined {
  const { raw_transaction: raw, transaction_hash: hash, nonce, from, to, url } = record;
  if (!raw || !hash) return undefined;
  const wei = (value: string | undefined) => (value !== undefined ? BigInt(value) : undefined);
  return {
    raw,
    hash,
    nonce: nonce ?? 0,
    from: from ?? '',
    to: to ?? '',
    url: url ?? '',
    maxFeePerGas: wei(record.max_fee_per_gas),
    maxPriorityFeePerGas: wei(record.max_priority_fee_per_gas),
    gasLimit: wei(record.gas_limit),
  };
}

/** The receipt of whichever of `hashes` (one nonce's transactions) is in a block, if any. */
async function minedOf(chain: Ethereum, hashes: readonly string[]): Promise<Receipt | undefined> {
  for (const hash of hashes) {
    const receipt = await chain.receipt(hash as Hex);
    if (receipt?.blockHash) return receipt;
  }
  return undefined;
}

/**
 * Polls until one of `hashes` is mined. The current transaction, unmined `stuckAfterMs` after
 * it was signed, is replaced by a fee bump (same nonce); past the deadline the attempt waits.
 */
async function untilMined(
  key: Key,
  record: NotarizationItem,
  sent: StoredTransaction,
  hashes: string[],
  chain: Ethereum,
  deps: AnchoringDeps,
  deadline: number,
): Promise<Receipt> {
  let tx = sent;
  let signedAt =
    tx.hash === record.transaction_hash && record.sent_at ? Date.parse(record.sent_at) : deps.now().getTime();
  for (let interval = 100; ; interval = Math.min(interval * 2, 2_000)) {
    const receipt = await minedOf(chain, hashes);
    if (receipt) return receipt;
    if (deps.now().getTime() - signedAt >= deps.stuckAfterMs()) {
      const replacement = await bumpFees(key, record, tx, chain, deps);
      if (!replacement) throw new Error('the notarization record changed its transaction meanwhile');
      hashes.unshift(replacement.hash);
      tx = replacement;
      signedAt = deps.now().getTime();
      continue;
    }
    const left = deadline - Date.now();
    if (left <= 0) throw new AnchoringWaits('mining', `${tx.hash} was not mined within ${deps.receiptTimeoutMs} ms`);
    await (deps.poll ?? sleep)(Math.min(interval, left));
  }
}

/**
 * Polls until the receipt's block has `needed` confirmations, reading the receipt again so a
 * reorg that moved the transaction to another block, or dropped it, is seen. Past the
 * deadline, the block is recorded (still PENDING) and the attempt waits.
 */
async function untilConfirmed(
  key: Key,
  first: Receipt,
  chain: Ethereum,
  needed: number,
  deps: AnchoringDeps,
  deadline: number,
): Promise<Receipt & { confirmations: number }> {
  let receipt = first;
  for (let interval = 100; ; interval = Math.min(interval * 2, 2_000)) {
    const latest = await chain.blockNumber();
    const confirmations = Number(latest - quantity(receipt.blockNumber) + 1n);
    if (confirmations >= needed) {
      if (needed === 1) return { ...receipt, confirmations };
      const again = await chain.receipt(receipt.transactionHash);
      if (!again?.blockHash) {
        throw new AnchoringWaits(
          'confirmations',
          `${receipt.transactionHash} left the chain before ${needed} confirmations`,
        );
      }
      if (same(again.blockHash, receipt.blockHash)) return { ...receipt, confirmations };
      logger.warn('anchor worker: a reorg moved the transaction to another block; counting again', {
        pk: key.pk,
        sk: key.sk,
        transaction_hash: receipt.transactionHash,
        previous_block_hash: receipt.blockHash,
        block_hash: again.blockHash,
      });
      receipt = again;
      continue;
    }
    const left = deadline - Date.now();
    if (left <= 0) {
      const blockNumber = Number(quantity(receipt.blockNumber));
      await records.noteMined(
        key,
        { hash: receipt.transactionHash, blockHash: receipt.blockHash, blockNumber },
        deps.now().toISOString(),
      );
      throw new AnchoringWaits(
        'confirmations',
        `${receipt.transactionHash} has ${Math.max(confirmations, 0)} of ${needed} confirmations`,
      );
    }
    await (deps.poll ?? sleep)(Math.min(interval, left));
  }
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

/**
 * Replaces a stuck transaction: same nonce, both fees at least 10% higher than its own
 * (bumped), and at least what the chain asks now. Stored before it is sent, the old hash
 * kept. Undefined when the record changed its transaction meanwhile.
 */
async function bumpFees(
  key: Key,
  record: NotarizationItem,
  stuck: StoredTransaction,
  chain: Ethereum,
  deps: AnchoringDeps,
): Promise<StoredTransaction | undefined> {
  const [baseFee, tip] = await Promise.all([chain.baseFeePerGas(), chain.maxPriorityFeePerGas()]);
  // A record stored before fees were kept: twice today's fees stand in for the old ones.
  const oldTip = stuck.maxPriorityFeePerGas ?? 2n * tip;
  const oldMax = stuck.maxFeePerGas ?? 2n * (2n * baseFee + tip);
  const newTip = bumped(oldTip) > tip ? bumped(oldTip) : tip;
  const market = 2n * baseFee + newTip;
  const newMax = bumped(oldMax) > market ? bumped(oldMax) : market;
  const replacement = await signAnchor(record, chain, deps, {
    nonce: BigInt(stuck.nonce),
    fees: { maxPriorityFeePerGas: newTip, maxFeePerGas: newMax },
    gasLimit: stuck.gasLimit,
  });
  if (!(await records.replaceTransaction(key, replacement, stuck.hash, deps.now().toISOString(), 'bump'))) {
    return undefined;
  }
  logger.warn('anchor worker: the transaction was not mined in time; replaced it with higher fees (same nonce)', {
    pk: key.pk,
    sk: key.sk,
    previous_hash: stuck.hash,
    transaction_hash: replacement.hash,
    nonce: replacement.nonce,
    max_fee_per_gas: newMax.toString(),
    max_priority_fee_per_gas: newTip.toString(),
  });
  try {
    await chain.sendRawTransaction(replacement.raw as Hex);
  } catch (error) {
    // The stuck one was mined meanwhile: the next poll finds its receipt.
    if (!isNonceTooLow(error)) throw error;
  }
  return replacement;
}

interface SignOptions {
  /** The account's balance, when read already: a transaction it cannot pay for is not signed. */
  balance?: bigint;
  /** A replacement's nonce; default the account's next. */
  nonce?: bigint;
  fees?: { maxPriorityFeePerGas: bigint; maxFeePerGas: bigint };
  gasLimit?: bigint;
}

/** A new signed anchor transaction for the record, after checking that the node is the configured chain. */
async function signAnchor(
  record: NotarizationItem,
  chain: Ethereum,
  deps: AnchoringDeps,
  options: SignOptions = {},
): Promise<StoredTransaction> {
  const data = anchorData(record);
  const { privateKey, address } = await deps.key();
  const [chainId, nonce, baseFee, tip, gasLimit] = await Promise.all([
    chain.chainId(),
    options.nonce ?? chain.pendingNonce(address),
    options.fees ? 0n : chain.baseFeePerGas(),
    options.fees ? 0n : chain.maxPriorityFeePerGas(),
    options.gasLimit ?? chain.estimateGas({ from: address, to: address, data }),
  ]);
  const expected = deps.chainId();
  if (chainId !== expected) {
    throw new ChainSettingError(
      `the node at EVM_RPC_URL is chain ${chainId}, not EVM_CHAIN_ID ${expected}: nothing was signed`,
    );
  }
  const fees = options.fees ?? {
    maxPriorityFeePerGas: tip,
    // Room for the base fee to double before the transaction is mined (the usual wallet rule).
    maxFeePerGas: 2n * baseFee + tip,
  };
  if (options.balance !== undefined && options.balance < gasLimit * fees.maxFeePerGas) {
    throw new AnchoringWaits(
      'funds',
      `the anchoring account ${address} holds ${options.balance} wei, less than the ${gasLimit * fees.maxFeePerGas} wei its transaction may cost`,
    );
  }
  const signed = signEip1559({ chainId, nonce, ...fees, gasLimit, to: address, value: 0n, data }, privateKey);
  return {
    raw: signed.raw,
    hash: signed.hash,
    nonce: Number(nonce),
    from: address,
    to: address,
    url: explorerLink(deps.explorerUrl(), signed.hash),
    maxFeePerGas: fees.maxFeePerGas,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    gasLimit,
  };
}
