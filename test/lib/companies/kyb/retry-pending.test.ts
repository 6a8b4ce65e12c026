import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { KybRecord, ViesAnswer } from '../../../../lib/companies/kyb/model';
import { retryPendingKyb } from '../../../../lib/companies/kyb/retry-pending';
import { logger } from '../../../../lib/logger';

/**
 * The retry worker's logs (lib/companies/kyb/retry-pending.ts): a pending check is logged when
 * its state changes, not on every retry. The pending index and VIES are stand-ins here.
 */
const fake = vi.hoisted(() => ({
  checks: [] as Array<{ companyId: string; kyb: KybRecord }>,
  answer: { outcome: 'unavailable', fault: 'MS_UNAVAILABLE' } as ViesAnswer,
  settled: true,
}));
vi.mock('../../../../lib/companies/kyb/repository', () => ({
  pendingChecks: async () => ({ checks: fake.checks }),
  settlePendingCheck: async () => fake.settled,
}));
vi.mock('../../../../lib/companies/kyb/vies', () => ({ checkVatNumber: async () => fake.answer }));

const pendingCheck = (fault: string): { companyId: string; kyb: KybRecord } => ({
  companyId: 'company-1',
  kyb: {
    status: 'PENDING',
    data: {} as KybRecord['data'],
    vat: 'IT33333330018',
    vies_country_code: 'IT',
    vies_vat_number: '33333330018',
    check_id: 'check-1',
    submitted_by: 'user-1',
    submitted_at: '2026-11-01T09:00:00.000Z',
    updated_at: '2026-11-01T09:00:00.000Z',
    vies: { checked_at: '2026-11-01T09:00:00.000Z', attempts: 3, fault },
  },
});

const spies = () => ({
  debug: vi.spyOn(logger, 'debug').mockImplementation(() => undefined),
  info: vi.spyOn(logger, 'info').mockImplementation(() => undefined),
  warn: vi.spyOn(logger, 'warn').mockImplementation(() => undefined),
});

describe('retryPendingKyb logs', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
    fake.settled = true;
  });

  it('logs nothing above DEBUG when a check is still pending for the same reason', async () => {
    fake.checks = [pendingCheck('MS_UNAVAILABLE')];
    fake.answer = { outcome: 'unavailable', fault: 'MS_UNAVAILABLE' };
    const log = spies();
    const summary = await retryPendingKyb();
    expect(summary).toMatchObject({ retried: 1, stillPending: 1 });
    expect(log.warn).not.toHaveBeenCalled();
    expect(log.info).not.toHaveBeenCalled();
    expect(log.debug).toHaveBeenCalledWith(
      'KYB check still pending',
      expect.objectContaining({ fault: 'MS_UNAVAILABLE' }),
    );
  });

  it('warns once when VIES fails for another reason than last time', async () => {
    fake.checks = [pendingCheck('MS_UNAVAILABLE')];
    fake.answer = { outcome: 'unavailable', fault: 'TIMEOUT' };
    const log = spies();
    await retryPendingKyb();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(
      'KYB check still pending: VIES could not answer',
      expect.objectContaining({ fault: 'TIMEOUT', previous_fault: 'MS_UNAVAILABLE', attempts: 4 }),
    );
  });

  it('logs the check and the run at INFO when the check settles', async () => {
    fake.checks = [pendingCheck('MS_UNAVAILABLE')];
    fake.answer = { outcome: 'valid' };
    const log = spies();
    expect(await retryPendingKyb()).toMatchObject({ verified: 1 });
    expect(log.warn).not.toHaveBeenCalled();
    expect(log.info).toHaveBeenCalledWith('KYB pending check settled', expect.objectContaining({ status: 'VERIFIED' }));
    expect(log.info).toHaveBeenCalledWith('KYB pending checks retried', expect.objectContaining({ verified: 1 }));
  });

  it('leaves a check replaced meanwhile at DEBUG', async () => {
    fake.checks = [pendingCheck('MS_UNAVAILABLE')];
    fake.answer = { outcome: 'unavailable', fault: 'TIMEOUT' };
    fake.settled = false;
    const log = spies();
    expect(await retryPendingKyb()).toMatchObject({ superseded: 1 });
    expect(log.warn).not.toHaveBeenCalled();
    expect(log.debug).toHaveBeenCalledWith('KYB pending check replaced meanwhile', expect.anything());
  });
});
