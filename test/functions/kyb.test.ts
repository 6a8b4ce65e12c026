import { randomBytes, randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { toApiKeyItem } from '../../lib/companies/api-keys/model';
import type { KybData } from '../../lib/companies/kyb/model';
import { type CompanyItem, toCompanyItem, toUserItem, toWalletItem } from '../../lib/companies/model';
import * as keys from '../../lib/data/keys';
import { call, demo, json, localEnv, localTable, tokenFor } from '../support/api';

/**
 * Section 4.5 (KYB) end to end: the local API, DynamoDB Local and the VIES stand-in over HTTP
 * (its demo numbers: infra/local/engines/vies.ts), and the KYB retry worker on its local timer
 * (infra/local/kyb-retry.ts). Every test that changes KYB state has a company of its own.
 */
const { doc, tableName } = localTable();
const now = () => new Date().toISOString();

interface Tenant {
  companyId: string;
  adminId: string;
  memberId: string;
  token: string;
}

/** A company of its own with an admin and a member, and a token for the admin (through GET /generateJWT). */
async function newCompany(): Promise<Tenant> {
  const companyId = randomUUID();
  const adminId = randomUUID();
  const memberId = randomUUID();
  const wallet = `0x${randomBytes(20).toString('hex')}`;
  const apiKey = `kyb-test-${randomUUID()}`;
  const items = [
    toCompanyItem({ id: companyId, name: 'KYB Test S.r.l.', country_code: 'IT', created_at: now() }),
    toUserItem({
      id: adminId,
      company_id: companyId,
      email: 'admin@kyb.test',
      wallet,
      role: 'admin',
      created_at: now(),
    }),
    toUserItem({
      id: memberId,
      company_id: companyId,
      email: 'member@kyb.test',
      wallet: `0x${randomBytes(20).toString('hex')}`,
      role: 'member',
      created_at: now(),
    }),
    toWalletItem({ address: wallet, user_id: adminId, company_id: companyId, role: 'admin' }),
    toApiKeyItem(apiKey, { company_id: companyId, name: 'kyb test', enabled: true, created_at: now() }),
  ];
  for (const item of items) await doc.send(new PutCommand({ TableName: tableName, Item: item }));
  const issued = await call<{ authToken: string }>('GET', `/generateJWT/${apiKey}/${wallet}`);
  expect(issued.status).toBe(200);
  return { companyId, adminId, memberId, token: issued.body.authToken };
}

async function companyItem(companyId: string): Promise<CompanyItem> {
  const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: keys.company(companyId) }));
  return Item as CompanyItem;
}

const userData = (overrides: Partial<KybData> = {}): KybData => ({
  company_name: 'KYB Test S.r.l.',
  vat_number: 'IT11111110018',
  street_address: 'Via delle Prove 1',
  zip_or_postal_code: '20121',
  city_or_town: 'Milano',
  district_or_province: 'MI',
  sdi_or_pec: 'M5UXCR1',
  rea_code: 'MI-1234567',
  country_code: 'IT',
  ...overrides,
});

const verify = (tenant: Tenant, data: unknown, userId = tenant.adminId, headers: Record<string, string> = {}) =>
  call('POST', '/verify-business', {
    token: tenant.token,
    ...json({ userId, userData: data }),
    headers: { 'content-type': 'application/json', ...headers },
  });

/** The VIES stand-in's demo numbers (docs/demo.md, KYB demo VAT numbers). */
const DEMO = {
  valid: 'IT11111110018',
  invalid: 'IT22222220018',
  unavailable: 'IT33333330018',
  unavailableOnce: 'IT44444440018',
  slow: 'IT99999990015',
};

/** Polls until `check` holds or `ms` pass; returns the last value. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!check(value) && Date.now() < deadline) {
    await new Promise((wake) => setTimeout(wake, 250));
    value = await read();
  }
  return value;
}

describe('POST /verify-business', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await newCompany();
  });

  it('is VERIFIED when VIES confirms the number, and stores data, status and the consultation on the company', async () => {
    const { status, body } = await verify(
      tenant,
      userData({ company_name: '  KYB Test S.r.l. ', vat_number: 'it 1111111 001 8' }),
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      message: expect.any(String),
      ok: true,
      companyInfo: {
        vat: 'IT11111110018',
        street_address: 'Via delle Prove 1',
        zip_or_postal_code: '20121',
        city_or_town: 'Milano',
        district_or_province: 'MI',
        rea_code: 'MI-1234567',
        sdi_or_pec: 'M5UXCR1',
        status: 'VERIFIED',
      },
    });
    const item = await companyItem(tenant.companyId);
    expect(item.kyb).toMatchObject({
      status: 'VERIFIED',
      data: userData({ vat_number: 'it 1111111 001 8' }),
      vat: 'IT11111110018',
      submitted_by: tenant.adminId,
      vies: {
        attempts: 1,
        request_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        // The local requester (VIES_REQUESTER_VAT) makes VIES give its consultation number.
        request_identifier: expect.stringMatching(/^WAPI/),
        name: 'ACME BIKES S.R.L.',
      },
    });
    expect(item.gsi1pk).toBeUndefined();
  });

  it("takes a user of the token's company other than the token's own, and stores on their company", async () => {
    const { status, body } = await verify(tenant, userData({ rea_code: 'MI-7654321' }), tenant.memberId);
    expect(status).toBe(200);
    expect(body.companyInfo.rea_code).toBe('MI-7654321');
    expect((await companyItem(tenant.companyId)).kyb?.data.rea_code).toBe('MI-7654321');
  });

  it('is REJECTED when VIES does not know the number as valid', async () => {
    const own = await newCompany();
    const { status, body } = await verify(own, userData({ vat_number: DEMO.invalid }));
    expect(status).toBe(200);
    expect(body.companyInfo).toMatchObject({ vat: DEMO.invalid, status: 'REJECTED' });
    const item = await companyItem(own.companyId);
    expect(item.kyb?.status).toBe('REJECTED');
    expect(item.gsi1pk).toBeUndefined();
  });

  it('is PENDING, in the pending index, when VIES is unavailable; a new request replaces the check', async () => {
    const own = await newCompany();
    const pending = await verify(own, userData({ vat_number: DEMO.unavailable }));
    expect(pending.status).toBe(200);
    expect(pending.body.companyInfo.status).toBe('PENDING');
    const item = await companyItem(own.companyId);
    expect(item.kyb).toMatchObject({ status: 'PENDING', vies: { fault: 'MS_UNAVAILABLE' } });
    expect({ gsi1pk: item.gsi1pk, gsi1sk: item.gsi1sk }).toEqual({ gsi1pk: 'KYB#PENDING', gsi1sk: own.companyId });

    const verified = await verify(own, userData({ vat_number: DEMO.valid }));
    expect(verified.body.companyInfo.status).toBe('VERIFIED');
    const after = await companyItem(own.companyId);
    expect(after.kyb?.check_id).not.toBe(item.kyb?.check_id);
    expect(after.gsi1pk).toBeUndefined();
    expect(after.gsi1sk).toBeUndefined();
  });

  it.each([
    ['IT55555550015', 'MS_MAX_CONCURRENT_REQ'],
    ['IT66666660015', 'GLOBAL_MAX_CONCURRENT_REQ'],
    ['IT77777770015', 'SERVICE_UNAVAILABLE'],
    ['IT88888880015', 'TIMEOUT'],
  ])('is PENDING, never REJECTED, for %s (VIES answers the fault %s)', async (vat, fault) => {
    const own = await newCompany();
    const { status, body } = await verify(own, userData({ vat_number: vat }));
    expect(status).toBe(200);
    expect(body.companyInfo.status).toBe('PENDING');
    expect((await companyItem(own.companyId)).kyb?.vies.fault).toBe(fault);
  });

  it('is PENDING when VIES does not answer within the timeout, having waited for it', async () => {
    const own = await newCompany();
    const started = Date.now();
    const { status, body } = await verify(own, userData({ vat_number: DEMO.slow }));
    const elapsed = Date.now() - started;
    expect(status).toBe(200);
    expect(body.companyInfo.status).toBe('PENDING');
    expect((await companyItem(own.companyId)).kyb?.vies.fault).toBe('TIMEOUT');
    // It waited for VIES (the stand-in holds this number's answer past the timeout); no upper
    // bound: on a busy machine the rest of the request may take any time (no duration asserted).
    expect(elapsed).toBeGreaterThanOrEqual(Number(localEnv.VIES_TIMEOUT_MS));
  });

  it('moves an unavailable check PENDING → VERIFIED with the scheduled retry worker, out of the pending index', async () => {
    const own = await newCompany();
    const { body } = await verify(own, userData({ vat_number: DEMO.unavailableOnce }));
    expect(body.companyInfo.status).toBe('PENDING');
    const settled = await eventually(
      () => companyItem(own.companyId),
      (item) => item.kyb?.status !== 'PENDING',
    );
    expect(settled.kyb).toMatchObject({
      status: 'VERIFIED',
      vies: { attempts: 2, name: 'RIPROVA S.R.L.', request_identifier: expect.stringMatching(/^WAPI/) },
    });
    expect(settled.kyb?.vies.fault).toBeUndefined();
    expect(settled.gsi1pk).toBeUndefined();
  });

  describe('offline checks: 400 with details naming the field, and nothing stored', () => {
    let own: Tenant;
    beforeAll(async () => {
      own = await newCompany();
    });

    it.each([
      ['a VAT number with a wrong check digit', { vat_number: 'IT11111110019' }, 'userData.vat_number', /check digit/],
      ['a VAT number of the wrong length', { vat_number: 'IT123' }, 'userData.vat_number', /length/],
      ['a VAT number of another country', { vat_number: 'DE136695976' }, 'userData.vat_number', /Italian/],
      ['a malformed codice fiscale', { vat_number: 'RSSMRA85T10A562X' }, 'userData.vat_number', /codice fiscale/],
      ["a person's codice fiscale", { vat_number: 'RSSMRA85T10A562S' }, 'userData.vat_number', /partita IVA/],
      [
        'a Greek number with a wrong check digit',
        { country_code: 'GR', vat_number: 'EL123456784' },
        'userData.vat_number',
        /Greek/,
      ],
      ['an Italian sdi_or_pec that is neither', { sdi_or_pec: 'fatture-acme' }, 'userData.sdi_or_pec', /SDI/],
      ['an empty Italian sdi_or_pec', { sdi_or_pec: '' }, 'userData.sdi_or_pec', /PEC/],
      [
        'a country VIES does not cover',
        { country_code: 'GB', vat_number: 'GB980780684' },
        'userData.country_code',
        /XI/,
      ],
      ['an empty company name', { company_name: '   ' }, 'userData.company_name', /empty/],
    ])('%s', async (_what, overrides, path, message) => {
      const { status, body } = await verify(own, userData(overrides as Partial<KybData>));
      expect(status).toBe(400);
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.details).toEqual([{ path, message: expect.stringMatching(message) }]);
    });

    it('names every field that is missing or not a string', async () => {
      const { vat_number: _, ...withoutVat } = userData();
      const { status, body } = await verify(own, { ...withoutVat, rea_code: 42 });
      expect(status).toBe(400);
      expect(body.details.map((d: { path: string }) => d.path).sort()).toEqual([
        'userData.rea_code',
        'userData.vat_number',
      ]);
    });

    it('accepts Greece as GR with an EL number, and Northern Ireland as XI, with no SDI for them', async () => {
      const greek = await verify(own, userData({ country_code: 'GR', vat_number: 'EL123456783', sdi_or_pec: '' }));
      expect(greek.status).toBe(200);
      expect(greek.body.companyInfo).toMatchObject({ vat: 'EL123456783', status: 'VERIFIED' });
      const northernIrish = await verify(
        own,
        userData({ country_code: 'XI', vat_number: '123 4567 82', sdi_or_pec: '' }),
      );
      expect(northernIrish.body.companyInfo).toMatchObject({ vat: 'XI123456782', status: 'VERIFIED' });
    });

    it('stored nothing for a refused request', async () => {
      const fresh = await newCompany();
      await verify(fresh, userData({ vat_number: 'IT11111110019' }));
      expect((await companyItem(fresh.companyId)).kyb).toBeUndefined();
      expect((await call('GET', `/kyb-data/${fresh.adminId}`, { token: fresh.token })).status).toBe(406);
    });
  });

  it("answers 406 for an unknown user and exactly the same for another company's user", async () => {
    const unknown = await verify(tenant, userData(), randomUUID());
    const foreign = await verify(tenant, userData(), demo.globex.admin.id);
    expect(unknown.status).toBe(406);
    expect(foreign.status).toBe(406);
    expect(foreign.body).toEqual(unknown.body);
    expect(unknown.body.code).toBe('USER_NOT_FOUND');
  });

  it('answers 401 without a token', async () => {
    const { status } = await call('POST', '/verify-business', json({ userId: tenant.adminId, userData: userData() }));
    expect(status).toBe(401);
  });

  it('answers a retry with the same Idempotency-Key with the first answer, checking and storing nothing again', async () => {
    const own = await newCompany();
    const key = { 'idempotency-key': `kyb-${randomUUID()}` };
    const first = await verify(own, userData(), own.adminId, key);
    const checkId = (await companyItem(own.companyId)).kyb?.check_id;
    const retry = await verify(own, userData(), own.adminId, key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect((await companyItem(own.companyId)).kyb?.check_id).toBe(checkId);
  });
});

describe('GET /kyb-data/{userId}', () => {
  it('answers the KYB data of the company, as sent (trimmed), for any of its users', async () => {
    const own = await newCompany();
    const sent = userData({ company_name: ' Dati S.r.l. ', vat_number: DEMO.invalid });
    expect((await verify(own, sent)).status).toBe(200);
    for (const userId of [own.adminId, own.memberId]) {
      const { status, body } = await call('GET', `/kyb-data/${userId}`, { token: own.token });
      expect(status).toBe(200);
      expect(body).toEqual({ data: { ...sent, company_name: 'Dati S.r.l.' } });
    }
  });

  it('answers 406 when the company has no KYB data', async () => {
    const own = await newCompany();
    const { status, body } = await call('GET', `/kyb-data/${own.adminId}`, { token: own.token });
    expect(status).toBe(406);
    expect(body.code).toBe('KYB_DATA_NOT_FOUND');
  });

  it("answers 406 for an unknown user and exactly the same for another company's user (who has KYB data)", async () => {
    const own = await newCompany();
    const other = await newCompany();
    expect((await verify(other, userData())).status).toBe(200);
    const unknown = await call('GET', `/kyb-data/${randomUUID()}`, { token: own.token });
    const foreign = await call('GET', `/kyb-data/${other.adminId}`, { token: own.token });
    expect(unknown.status).toBe(406);
    expect(foreign.status).toBe(406);
    expect(foreign.body).toEqual(unknown.body);
  });

  it('answers 401 without a token, and with a demo token reads only its own company', async () => {
    expect((await call('GET', `/kyb-data/${demo.acme.admin.id}`)).status).toBe(401);
    const globex = await tokenFor('globex');
    expect((await call('GET', `/kyb-data/${demo.acme.admin.id}`, { token: globex })).status).toBe(406);
  });
});

describe('the KYB retry worker, in-process against DynamoDB Local and the VIES stand-in', () => {
  let repository: typeof import('../../lib/companies/kyb/repository');
  let worker: typeof import('../../lib/companies/kyb/retry-pending');
  beforeAll(async () => {
    // The lib modules read their settings once, on first use: the local stack's.
    Object.assign(process.env, localEnv, { LOG_LEVEL: 'SILENT' });
    repository = await import('../../lib/companies/kyb/repository');
    worker = await import('../../lib/companies/kyb/retry-pending');
  });

  it('keeps a still-unavailable check PENDING and in the index, one attempt more', async () => {
    const own = await newCompany();
    await verify(own, userData({ vat_number: DEMO.unavailable }));
    const before = (await companyItem(own.companyId)).kyb!;
    const summary = await worker.retryPendingKyb();
    expect(summary.retried).toBeGreaterThanOrEqual(1);
    const after = await companyItem(own.companyId);
    expect(after.kyb).toMatchObject({
      status: 'PENDING',
      check_id: before.check_id,
      vies: { fault: 'MS_UNAVAILABLE' },
    });
    expect(after.kyb!.vies.attempts).toBeGreaterThan(before.vies.attempts);
    expect(after.gsi1pk).toBe('KYB#PENDING');
  });

  it('loses to a POST /verify-business made meanwhile: its conditional update leaves the new check alone', async () => {
    const own = await newCompany();
    await verify(own, userData({ vat_number: DEMO.unavailable }));
    const pending = (await companyItem(own.companyId)).kyb!;
    await verify(own, userData({ vat_number: DEMO.invalid }));
    const replaced = await companyItem(own.companyId);
    const settled = await repository.settlePendingCheck(
      own.companyId,
      pending.check_id,
      'VERIFIED',
      { checked_at: now(), attempts: 2 },
      now(),
    );
    expect(settled).toBe(false);
    expect(await companyItem(own.companyId)).toEqual(replaced);
  });

  it('takes no check when the run has less time left than its reserve, and says it stopped early', async () => {
    expect(await worker.retryPendingKyb({ remainingMs: () => 1_000, reserveMs: 15_000 })).toMatchObject({
      retried: 0,
      stoppedEarly: true,
    });
  });
});
