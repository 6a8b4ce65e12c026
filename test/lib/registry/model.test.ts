import { describe, expect, it } from 'vitest';
import { toDppItem } from '../../../lib/dpps/model';
import { registryRecordOf } from '../../../lib/registry/model';
import { registryProblems } from '../../support/registry-schema';

const dpp = (fields: Record<string, unknown> = {}) =>
  toDppItem({
    id: '01a19656-4a99-7000-8000-000000000025',
    company_id: 'c1',
    model_id: 'm1',
    search_id: '01/08012345000098/21/SE-000001',
    name: 'A passport',
    description: '',
    dpp_type: 'e-bike',
    language: 'en',
    created_at: '2026-07-20T10:00:00.000Z',
    updated_at: '2026-07-20T10:00:00.000Z',
    ...fields,
  });

const company = { economic_operator_id: 'IT11111110018' };
const template = { commodity_code: '87116010', facility_id: '8012345000104' };

describe('registryRecordOf', () => {
  it('makes a record the registry schema accepts from the DPP, its company and its template', () => {
    const outcome = registryRecordOf(dpp(), company, template);
    if (!('record' in outcome)) throw new Error(JSON.stringify(outcome));
    expect(outcome.record).toEqual({
      upi: 'https://dpp.unit/01/08012345000098/21/SE-000001',
      reoId: 'EORI-IT11111110018',
      facilitiesId: ['GLN-8012345000104'],
      liveURL: 'https://dpp.unit/dpp/01a19656-4a99-7000-8000-000000000025',
      backupURL: 'https://backup.dpp.unit/dpp/01a19656-4a99-7000-8000-000000000025',
      commodityCode: '87116010',
      dataCarrierTypes: ['QR_CODE', 'DATA_MATRIX'],
      granularityLevel: 'ITEM',
      deactivated: false,
    });
    expect(registryProblems(outcome.record)).toEqual([]);
  });

  it('takes the DPP’s own commodity code and facility over its template’s, and names an LEI as such', () => {
    const outcome = registryRecordOf(
      dpp({ commodity_code: '8711601000', facility_id: '4006381000017' }),
      { economic_operator_id: '5299000J2N45DDNE4Y28' },
      template,
    );
    expect(outcome).toMatchObject({
      record: { commodityCode: '8711601000', facilitiesId: ['GLN-4006381000017'], reoId: 'LEI-5299000J2N45DDNE4Y28' },
    });
  });

  it('says a ceased or replaced passport is deactivated', () => {
    for (const fields of [{ ceased_at: '2026-08-01T00:00:00.000Z' }, { replaced_by: 'd2' }]) {
      const outcome = registryRecordOf(dpp(fields), company, template);
      expect(outcome).toMatchObject({ record: { deactivated: true } });
      if ('record' in outcome) expect(registryProblems(outcome.record)).toEqual([]);
    }
  });

  it('names every part a record lacks instead of making one the registry would refuse', () => {
    expect(registryRecordOf(dpp({ search_id: undefined }), {}, undefined)).toEqual({
      missing: [
        { path: 'upi', message: expect.any(String) },
        { path: 'reoId', message: expect.any(String) },
        { path: 'commodityCode', message: expect.any(String) },
        { path: 'facilitiesId', message: expect.any(String) },
      ],
    });
  });
});

describe('the registry schema rules (test/support/registry-schema.ts)', () => {
  const valid = registryRecordOf(dpp(), company, template);
  const record = 'record' in valid ? valid.record : ({} as never);

  it('refuses what the registry refuses: deactivated on a MODEL record, none on an ITEM one, a bad code', () => {
    expect(registryProblems({ ...record, granularityLevel: 'MODEL' })).not.toEqual([]);
    const { deactivated: _, ...withoutDeactivated } = record;
    expect(registryProblems(withoutDeactivated)).not.toEqual([]);
    expect(registryProblems({ ...record, commodityCode: '871' })).not.toEqual([]);
    expect(registryProblems({ ...record, facilitiesId: [] })).not.toEqual([]);
    expect(registryProblems({ ...record, liveURL: 'ftp://x' })).not.toEqual([]);
  });
});
