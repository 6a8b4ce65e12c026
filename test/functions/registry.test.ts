import { createHash, randomUUID } from 'node:crypto';
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_BATTERY_DPP } from '../../lib/api/demo';
import * as keys from '../../lib/data/keys';
import type { DppItem } from '../../lib/dpps/model';
import { toDppItem } from '../../lib/dpps/model';
import {
  apiUrl,
  call,
  demoData,
  download,
  json,
  localTable,
  putTestCompany,
  putTestDpp,
  type Tenant,
  type TestCompany,
  tokenFor,
} from '../support/api';
import { registryProblems } from '../support/registry-schema';

/**
 * The EU DPP registry (docs/behaviour.md, The EU registry): every seeded published passport's
 * record passes the registry's schema; exports hold at most 100 records a file and take only
 * what changed since the last; a registration is stored only with the hash of its version.
 */

const { doc, tableName } = localTable();

const tenantOf: Record<string, Tenant> = {
  [demoData.companies[0]!.id]: 'acme',
  [demoData.companies[1]!.id]: 'globex',
  [demoData.companies[2]!.id]: 'volta',
};

/**
 * Every seeded passport, with its company's tenant: each company's, and the profiled ones. The seed
 * publishes every passport it writes (the import format has no `published`: absent is published).
 * But for the sample events' battery passport (SAMPLE_BATTERY_DPP): test/events runs the samples on
 * this shared stack in whichever order the files run, and DeleteDPPById's archives it (withdrawn,
 * so no longer registrable); the other profiled passports (the EV battery) stay checked.
 */
const seeded = [
  ...demoData.companies.flatMap((company) =>
    company.dpps.map((dpp) => ({ id: dpp.id, tenant: tenantOf[company.id]! })),
  ),
  ...demoData.profiled
    .filter((p) => p.dpp.id !== SAMPLE_BATTERY_DPP)
    .map((p) => ({ id: p.dpp.id, tenant: tenantOf[p.company]! })),
];

/** A company of the test's own with an EORI number (no endpoint sets it yet: the admin import does). */
async function companyWithOperatorId(prefix: string): Promise<TestCompany> {
  const company = await putTestCompany(prefix);
  await doc.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.company(company.id),
      UpdateExpression: 'SET economic_operator_id = :id',
      ExpressionAttributeValues: { ':id': 'IT11111110018' },
    }),
  );
  return company;
}

const registryFields = { commodity_code: '87116010', facility_id: '8012345000104' };

describe('GET /dpps/{dppId}/registry-record', () => {
  it.each(seeded)(
    'answers a record of seeded passport $id that the registry schema accepts',
    async ({ id, tenant }) => {
      const reply = await call('GET', `/dpps/${id}/registry-record`, { token: await tokenFor(tenant) });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(registryProblems(reply.body)).toEqual([]);
      expect(reply.body.liveURL).toBe(`${apiUrl}/dpp/${id}`);
      expect(reply.body.upi).toMatch(new RegExp(`^${apiUrl}/01/\\d{14}/21/`));
    },
  );

  it('names every part a passport’s record lacks (409), and refuses a passport not published', async () => {
    const company = await putTestCompany('registry-incomplete');
    const dpp = await putTestDpp('registry-incomplete', { company_id: company.id, model_id: randomUUID() });
    const incomplete = await call('GET', `/dpps/${dpp.id}/registry-record`, { token: company.token });
    expect(incomplete.status).toBe(409);
    expect(incomplete.body.code).toBe('REGISTRY_RECORD_INCOMPLETE');
    expect(incomplete.body.details.map((d: { path: string }) => d.path)).toEqual([
      'reoId',
      'commodityCode',
      'facilitiesId',
    ]);
    const hidden = await putTestDpp('registry-private', {
      company_id: company.id,
      model_id: randomUUID(),
      published: false,
    });
    const reply = await call('GET', `/dpps/${hidden.id}/registry-record`, { token: company.token });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('NOT_PUBLISHED');
  });

  it('takes the template’s commodity code and facility unless the DPP sets its own; null gives the template’s back', async () => {
    const company = await companyWithOperatorId('registry-fields');
    const badGln = await call('POST', '/templates', {
      token: company.token,
      ...json({ name: 'Bad GLN', model_id: randomUUID(), facility_id: '8012345000105' }),
    });
    expect(badGln.status).toBe(400);
    expect(badGln.body.details.map((d: { path: string }) => d.path)).toEqual(['facility_id']);
    const created = await call('POST', '/templates', {
      token: company.token,
      ...json({ name: 'Registry template', model_id: randomUUID(), ...registryFields }),
    });
    expect(created.status).toBe(200);
    expect(created.body.template).toMatchObject(registryFields);
    const dpp = await putTestDpp('registry-fields', {
      company_id: company.id,
      model_id: randomUUID(),
      template_id: created.body.template.id,
    });
    const record = async () =>
      (await call('GET', `/dpps/${dpp.id}/registry-record`, { token: company.token })).body.commodityCode;
    const change = (body: unknown) => call('PUT', `/dpps/${dpp.id}`, { token: company.token, ...json(body) });
    expect(await record()).toBe('87116010');
    expect((await change({ commodity_code: '8711601000' })).body.dpp.commodity_code).toBe('8711601000');
    expect(await record()).toBe('8711601000');
    expect((await change({ commodity_code: '87' })).status).toBe(400);
    expect((await change({ commodity_code: null })).body.dpp.commodity_code).toBe('');
    expect(await record()).toBe('87116010');
  });

  it('answers another company’s passport as an unknown one', async () => {
    const reply = await call('GET', `/dpps/${seeded[0]!.id}/registry-record`, { token: await tokenFor('globex') });
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe('DPP_NOT_FOUND');
  });
});

describe('POST /registry-exports', () => {
  let company: TestCompany;
  let dpps: DppItem[];

  beforeAll(async () => {
    company = await companyWithOperatorId('registry-export');
    const now = new Date().toISOString();
    dpps = Array.from({ length: 205 }, (_, i) =>
      toDppItem({
        id: `registry-export-${randomUUID()}`,
        company_id: company.id,
        model_id: randomUUID(),
        code: '08012345678901',
        search_id: `01/08012345678901/21/RX${String(i).padStart(6, '0')}`,
        name: `Export passport ${i}`,
        description: '',
        dpp_type: 'e-bike',
        language: 'en',
        ...registryFields,
        created_at: now,
        updated_at: now,
      }),
    );
    for (let i = 0; i < dpps.length; i += 25) {
      await doc.send(
        new BatchWriteCommand({
          RequestItems: { [tableName]: dpps.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
        }),
      );
    }
  });

  it('writes files of at most 100 records each, every record valid, then only what changed since', async () => {
    const unpublished = await putTestDpp('registry-export-private', {
      company_id: company.id,
      model_id: randomUUID(),
      published: false,
      ...registryFields,
    });
    const first = await call('POST', '/registry-exports', { token: company.token });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.since).toBeNull();
    expect(first.body.record_count).toBe(205);
    expect(first.body.files.map((f: { records: number }) => f.records)).toEqual([100, 100, 5]);
    expect(first.body.skipped).toEqual([{ dpp_id: unpublished.id, reason: 'not_published' }]);
    const exported: string[] = [];
    for (const file of first.body.files as Array<{ url: string; records: number; dpp_ids: string[] }>) {
      const { status, bytes } = await download(file.url);
      expect(status).toBe(200);
      const records = JSON.parse(bytes.toString('utf8')) as Array<{ liveURL: string }>;
      expect(records).toHaveLength(file.records);
      for (const record of records) expect(registryProblems(record)).toEqual([]);
      expect(records.map((r) => r.liveURL)).toEqual(file.dpp_ids.map((id) => `${apiUrl}/dpp/${id}`));
      exported.push(...file.dpp_ids);
    }
    expect(exported.sort()).toEqual(dpps.map((d) => d.id).sort());

    // Nothing changed: no file, and the next export starts where this one ended.
    const second = await call('POST', '/registry-exports', { token: company.token });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ since: first.body.until, record_count: 0, files: [], skipped: [] });

    // One passport changed through the API: the next export holds it alone.
    const changed = dpps[17]!;
    const update = await call('PUT', `/dpps/${changed.id}`, { token: company.token, ...json({ name: 'Renamed' }) });
    expect(update.status).toBe(200);
    const third = await call('POST', '/registry-exports', { token: company.token });
    expect(third.body).toMatchObject({ since: second.body.until, record_count: 1 });
    expect(third.body.files).toHaveLength(1);
    expect(third.body.files[0].dpp_ids).toEqual([changed.id]);

    // A new operator id changes every record: the next export takes every passport again.
    const eoid = await call('PUT', '/company', {
      token: company.token,
      ...json({ economic_operator_id: 'IT12345670017' }),
    });
    expect(eoid.status).toBe(200);
    const fourth = await call('POST', '/registry-exports', { token: company.token });
    expect(fourth.body).toMatchObject({ since: null, record_count: 205 });
  });
});

describe('PUT /dpps/{dppId}/registration', () => {
  it('stores the registration only with its version’s hash, and the page and the JSON show its identifier', async () => {
    const company = await companyWithOperatorId('registration');
    const dpp = await putTestDpp('registration', { company_id: company.id, model_id: randomUUID(), ...registryFields });
    const created = await call('POST', `/version/${dpp.id}/create`, {
      token: company.token,
      ...json({ dppId: dpp.id, versionId: 'registered' }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const document = await fetch(`${apiUrl}/dpp/${dpp.id}/versions/1`);
    const versionHash = createHash('sha256')
      .update(Buffer.from(await document.arrayBuffer()))
      .digest('hex');
    const registrationId = randomUUID();
    const proof = (fields: Record<string, unknown> = {}) => ({
      registration_id: registrationId,
      proof: {
        registry_id: registrationId,
        upi: `${apiUrl}/01/08012345678901/21/x`,
        version: 1,
        version_hash: versionHash,
        registered_at: '2026-07-21T09:30:00.000Z',
        seal: { format: 'JAdES', value: Buffer.from('{"sealed":true}').toString('base64') },
        ...fields,
      },
    });
    const put = (body: unknown, token = company.token) =>
      call('PUT', `/dpps/${dpp.id}/registration`, { token, ...json(body) });

    const wrongHash = await put(proof({ version_hash: 'a'.repeat(64) }));
    expect(wrongHash.status).toBe(409);
    expect(wrongHash.body.code).toBe('VERSION_HASH_MISMATCH');
    const noVersion = await put(proof({ version: 2 }));
    expect(noVersion.status).toBe(409);
    expect(noVersion.body.code).toBe('VERSION_NOT_FOUND');
    const otherId = await put(proof({ registry_id: 'another' }));
    expect(otherId.status).toBe(400);
    expect(otherId.body.code).toBe('REGISTRATION_ID_MISMATCH');
    const unknownField = await put({ ...proof(), note: 'x' });
    expect(unknownField.status).toBe(400);
    expect((await put(proof(), await tokenFor('globex'))).status).toBe(404);
    // Nothing refused was written.
    const before = await call('GET', `/dpps/${dpp.id}`, { token: company.token });
    expect(before.body.dpp.registration_id).toBe('');

    const stored = await put(proof());
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body.registration).toMatchObject({ id: registrationId, version: 1, version_hash: versionHash });

    const companyView = await call('GET', `/dpps/${dpp.id}`, { token: company.token });
    expect(companyView.body.dpp.registration_id).toBe(registrationId);
    const publicView = await call('GET', `/dpp/${dpp.id}`);
    expect(publicView.body.dpp.registration_id).toBe(registrationId);
    const page = await fetch(`${apiUrl}/passport/${dpp.id}`);
    expect(await page.text()).toContain(registrationId);
  });
});
