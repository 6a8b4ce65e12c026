import type { Item } from '../../aws/dynamodb';
import { logger } from '../../logger';
import { consultationOf, KybStatus, statusOf } from './model';
import { type PendingCheck, pendingChecks, settlePendingCheck } from './repository';
import { checkVatNumber } from './vies';

/** How many pending checks are asked at once: VIES refuses too many concurrent requests (MS_MAX_CONCURRENT_REQ). */
const CONCURRENCY = 4;

export interface RetrySummary {
  /** Pending checks VIES was asked about again. */
  retried: number;
  verified: number;
  rejected: number;
  stillPending: number;
  /** Checks that changed meanwhile (a new POST /verify-business): left as they are. */
  superseded: number;
  /** Whether the run stopped before the end of the index for lack of time (the next run goes on). */
  stoppedEarly: boolean;
}

export interface RetryOptions {
  /** Milliseconds left in this run; the worker stops taking new checks below `reserveMs`. */
  remainingMs?: () => number;
  reserveMs?: number;
}

/**
 * The scheduled retry of PENDING KYB checks: Query the pending index page by page, ask VIES
 * again about each check, and move its status on with a conditional update, so a check
 * replaced meanwhile by a new POST /verify-business is left alone. Still unavailable: it stays
 * PENDING (and in the index) with the new fault and one more attempt.
 */
export async function retryPendingKyb(options: RetryOptions = {}): Promise<RetrySummary> {
  const summary: RetrySummary = {
    retried: 0,
    verified: 0,
    rejected: 0,
    stillPending: 0,
    superseded: 0,
    stoppedEarly: false,
  };
  const outOfTime = () => options.remainingMs !== undefined && options.remainingMs() < (options.reserveMs ?? 0);
  let startKey: Item | undefined;
  do {
    if (outOfTime()) {
      summary.stoppedEarly = true;
      break;
    }
    const page = await pendingChecks(startKey);
    for (let i = 0; i < page.checks.length; i += CONCURRENCY) {
      if (outOfTime()) {
        summary.stoppedEarly = true;
        break;
      }
      await Promise.all(page.checks.slice(i, i + CONCURRENCY).map((check) => retry(check, summary)));
    }
    if (summary.stoppedEarly) break;
    startKey = page.lastKey;
  } while (startKey);
  // A run that moved nothing is the common case (every 2 s locally): DEBUG, so logs show changes.
  const moved = summary.verified + summary.rejected + summary.superseded > 0 || summary.stoppedEarly;
  if (moved) logger.info('KYB pending checks retried', { ...summary });
  else logger.debug('KYB pending checks retried', { ...summary });
  return summary;
}

async function retry({ companyId, kyb }: PendingCheck, summary: RetrySummary): Promise<void> {
  const answer = await checkVatNumber({ countryCode: kyb.vies_country_code, vatNumber: kyb.vies_vat_number });
  const now = new Date().toISOString();
  const status = statusOf(answer);
  const settled = await settlePendingCheck(
    companyId,
    kyb.check_id,
    status,
    consultationOf(answer, now, (kyb.vies?.attempts ?? 1) + 1),
    now,
  );
  summary.retried += 1;
  if (!settled) summary.superseded += 1;
  else if (status === KybStatus.Verified) summary.verified += 1;
  else if (status === KybStatus.Rejected) summary.rejected += 1;
  else summary.stillPending += 1;
  logRetry(kyb, status, answer.outcome === 'unavailable' ? answer.fault : undefined, settled);
}

/**
 * A check is logged when its state changes (settled, or still pending with another fault than
 * last time), not on every retry: a pending check is retried every few seconds locally.
 */
function logRetry(kyb: PendingCheck['kyb'], status: KybStatus, fault: string | undefined, settled: boolean): void {
  const attributes = {
    check_id: kyb.check_id,
    vies_country_code: kyb.vies_country_code,
    attempts: (kyb.vies?.attempts ?? 1) + 1,
  };
  if (!settled) logger.debug('KYB pending check replaced meanwhile', attributes);
  else if (status !== KybStatus.Pending) logger.info('KYB pending check settled', { ...attributes, status });
  else if (fault !== kyb.vies?.fault) {
    logger.warn('KYB check still pending: VIES could not answer', {
      ...attributes,
      fault,
      previous_fault: kyb.vies?.fault,
    });
  } else logger.debug('KYB check still pending', { ...attributes, fault });
}
