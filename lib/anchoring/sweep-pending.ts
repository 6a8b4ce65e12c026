import type { Item } from '../aws/dynamodb';
import { logger } from '../logger';
import { countAnchoringBlocked, recordAnchorAccountBalance } from '../metrics';
import {
  type AnchoringDeps,
  type AnchorOutcome,
  anchorNotarization,
  configuredDeps,
  type WaitingFor,
  waitingFor,
} from './anchor-notarization';
import { anchoringRepository as records } from './repository';
import { SWEEP_RECEIPT_TIMEOUT_MS } from './worker';

/**
 * The anchor worker's scheduled sweep: every PENDING notarization (the pending index, oldest
 * first) gets one more attempt, so one whose stream deliveries ran out while it waited (the
 * chain down for long, the account without funds, confirmations still to come) is anchored
 * once the cause is gone, never left behind and never FAILED for it. Each run also reads the
 * anchoring account's balance, so its metric (and the alarm on it) has a value even when
 * nothing is notarized.
 */
export interface SweepSummary {
  tried: number;
  anchored: number;
  waiting: number;
  failed: number;
  /** Records another attempt settled meanwhile, or an attempt that threw (logged). */
  other: number;
  /** Whether the run stopped before the end of the index for lack of time (the next run goes on). */
  stoppedEarly: boolean;
  /** The node did not answer the balance read: no record was tried (each would only wait for it). */
  chainUnreachable: boolean;
}

export interface SweepOptions {
  /** Milliseconds left in this run; the sweep takes no new record below `reserveMs`. */
  remainingMs?: () => number;
  reserveMs?: number;
}

export async function sweepPendingNotarizations(
  options: SweepOptions = {},
  deps: AnchoringDeps = configuredDeps(),
): Promise<SweepSummary> {
  const summary: SweepSummary = {
    tried: 0,
    anchored: 0,
    waiting: 0,
    failed: 0,
    other: 0,
    stoppedEarly: false,
    chainUnreachable: false,
  };
  if ((await readBalance(deps)) === 'chain') {
    // Every attempt would spend its RPC timeout learning the same; the next run looks again.
    countAnchoringBlocked();
    summary.chainUnreachable = true;
    logger.debug('anchor sweep: the node is unreachable; no notarization tried', { ...summary });
    return summary;
  }
  // A record's wait for its block is short here: the sweep has others to try.
  const sweepDeps = { ...deps, receiptTimeoutMs: Math.min(deps.receiptTimeoutMs, SWEEP_RECEIPT_TIMEOUT_MS) };
  const outOfTime = () => options.remainingMs !== undefined && options.remainingMs() < (options.reserveMs ?? 0);
  let startKey: Item | undefined;
  do {
    const page = await records.pending(startKey);
    for (const record of page.records) {
      if (outOfTime()) {
        summary.stoppedEarly = true;
        break;
      }
      summary.tried += 1;
      let outcome: AnchorOutcome | 'error';
      try {
        outcome = await anchorNotarization({ pk: record.pk, sk: record.sk }, sweepDeps, { redeliver: false });
      } catch (error) {
        // The table itself failed (reading or counting): the next run tries again.
        logger.warn('anchor sweep: an attempt failed', { pk: record.pk, sk: record.sk, error });
        outcome = 'error';
      }
      if (outcome === 'anchored' || outcome === 'waiting' || outcome === 'failed') summary[outcome] += 1;
      else summary.other += 1;
    }
    if (summary.stoppedEarly) break;
    startKey = page.lastKey;
  } while (startKey);
  // A run that found nothing is the common case (every 2 s locally): DEBUG, so logs show changes.
  if (summary.tried > 0) logger.info('anchor sweep: PENDING notarizations tried again', { ...summary });
  else logger.debug('anchor sweep: no PENDING notarization', { ...summary });
  return summary;
}

/**
 * The account's balance as a metric. A chain that cannot say is logged, not fatal (the
 * attempts say why); what it waits for is returned.
 */
async function readBalance(deps: AnchoringDeps): Promise<WaitingFor | undefined> {
  try {
    const chain = await deps.chain();
    const { address } = await deps.key();
    recordAnchorAccountBalance(await chain.balance(address));
    return undefined;
  } catch (error) {
    logger.warn('anchor sweep: the anchoring account balance could not be read', { error });
    return waitingFor(error);
  }
}
