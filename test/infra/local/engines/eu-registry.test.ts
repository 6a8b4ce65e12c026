/**
 * The EU registry's client (lib/registry/client.ts) against the local stand-in of the CIRPASS-2
 * mock registry's `POST /metadata/v1` (infra/local/engines/eu-registry.ts), in this process: the
 * flag off, a registration, the same UPI again, a record the registry refuses, a registry gone.
 * Each case loads the client afresh, as a function's cold start reads its settings.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEuRegistry } from '../../../../infra/local/engines/eu-registry';
import type { LocalEngine } from '../../../../infra/local/engines/ports';
import type { RegistryRecord } from '../../../../lib/registry/model';
import { registryProblems } from '../../../support/registry-schema';

let engine: LocalEngine;

beforeAll(async () => {
  engine = await startEuRegistry();
});
afterAll(() => engine.stop());

/** The client as a function with these settings loads it. */
async function client(url: string | undefined) {
  vi.resetModules();
  vi.stubEnv('EU_REGISTRY_URL', url ?? '');
  return import('../../../../lib/registry/client');
}

const record = (serial: string): RegistryRecord => ({
  upi: `https://dpp.example.com/01/08012345000012/21/${serial}`,
  reoId: 'EORI-IT11111110018',
  facilitiesId: ['GLN-8012345000104'],
  liveURL: `https://dpp.example.com/dpp/${serial}`,
  backupURL: `https://backup.dpp.example.com/dpp/${serial}`,
  commodityCode: '87116010',
  dataCarrierTypes: ['QR_CODE', 'DATA_MATRIX'],
  granularityLevel: 'ITEM',
  deactivated: false,
});

describe('the EU registry client against the mock registry stand-in', () => {
  it('is off without EU_REGISTRY_URL: nothing is sent', async () => {
    const { registerRecord, registryClientEnabled } = await client(undefined);
    expect(registryClientEnabled()).toBe(false);
    await expect(registerRecord(record('OFF-1'))).rejects.toMatchObject({ code: 'REGISTRY_CLIENT_OFF' });
  });

  it('registers a record and gets its registry id; the same UPI again keeps it (the mock’s MODIFY strategy)', async () => {
    const { registerRecord } = await client(engine.endpoint);
    const sent = record('X1-000123');
    expect(registryProblems(sent)).toEqual([]);
    const first = await registerRecord(sent, { token: 'operator-session' });
    expect(first.registryId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.metadata).toEqual(sent);
    expect(first.modifiedAt).toBeNull();
    const again = await registerRecord({ ...sent, deactivated: true });
    expect(again.registryId).toBe(first.registryId);
    expect(again.modifiedAt).toEqual(expect.any(String));
  });

  it('says what the registry refused in a record its schema does not take', async () => {
    const { registerRecord } = await client(engine.endpoint);
    const { deactivated: _, ...withoutDeactivated } = record('BAD-1');
    await expect(registerRecord(withoutDeactivated as RegistryRecord)).rejects.toMatchObject({
      kind: 'conflict',
      code: 'REGISTRY_REFUSED',
    });
    await expect(registerRecord({ ...record('BAD-2'), commodityCode: '87' })).rejects.toMatchObject({
      code: 'REGISTRY_REFUSED',
      message: expect.stringContaining('commodityCode'),
    });
  });

  it('answers unavailable (503) when the registry does not answer', async () => {
    const gone = await startEuRegistry();
    const { endpoint } = gone;
    await gone.stop();
    const { registerRecord } = await client(endpoint);
    await expect(registerRecord(record('GONE-1'))).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
