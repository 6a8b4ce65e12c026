import { beforeAll, describe, expect, it } from 'vitest';
import { call, json, putTestCompany, type TestCompany } from '../support/api';

/**
 * A profiled DPP's aspects over HTTP (docs/profiles.md, Profiled passports): creating one with a
 * profile, writing its aspects (PUT, PATCH), reading them back, its completeness, publishing it,
 * and the history of its dynamic attributes. Writes go to a company the file makes for itself.
 */

const MODEL = '01a21000-0000-7000-8000-00000000a027';

async function verifiedCompany(prefix: string): Promise<TestCompany> {
  const company = await putTestCompany(prefix);
  const reply = await call('POST', '/verify-business', {
    token: company.token,
    ...json({
      userId: company.admin.id,
      userData: {
        company_name: 'Aspects S.r.l.',
        vat_number: 'IT11111110018',
        street_address: 'Via delle Batterie 1',
        zip_or_postal_code: '20121',
        city_or_town: 'Milano',
        district_or_province: 'MI',
        sdi_or_pec: 'M5UXCR1',
        rea_code: 'MI-7654321',
        country_code: 'IT',
      },
    }),
  });
  expect(reply.status).toBe(200);
  return company;
}

const newDpp = (fields: Record<string, unknown> = {}) => ({
  name: 'EV battery pack P1',
  type: 'battery',
  code: '08012345000012',
  model_id: MODEL,
  language: 'en',
  ...fields,
});

let company: TestCompany;
const token = () => company.token;

async function createBattery(fields: Record<string, unknown> = {}): Promise<string> {
  const reply = await call('POST', '/dpps', {
    token: token(),
    ...json(newDpp({ profile: 'battery-passport', category: 'ev', ...fields })),
  });
  expect(reply.status).toBe(200);
  return reply.body.dpp.id;
}

const aspectPath = (dppId: string, aspect: string) => `/dpps/${dppId}/aspects/${aspect}`;
const put = (dppId: string, aspect: string, document: unknown) =>
  call('PUT', aspectPath(dppId, aspect), { token: token(), ...json(document) });
const patch = (dppId: string, aspect: string, body: unknown) =>
  call('PATCH', aspectPath(dppId, aspect), {
    token: token(),
    headers: { 'content-type': 'application/merge-patch+json' },
    body: JSON.stringify(body),
  });
const read = (dppId: string, aspect: string) => call('GET', aspectPath(dppId, aspect), { token: token() });

beforeAll(async () => {
  company = await verifiedCompany('aspects');
});

describe('creating a profiled DPP', () => {
  it('takes a profile and a category, shows them, and starts with no aspect', async () => {
    const reply = await call('POST', '/dpps', {
      token: token(),
      ...json(newDpp({ profile: 'battery-passport', category: 'ev' })),
    });
    expect(reply.status).toBe(200);
    expect(reply.body.dpp).toMatchObject({ profile: 'battery-passport', category: 'ev' });
    const back = await call('GET', `/dpps/${reply.body.dpp.id}`, { token: token() });
    expect(back.body.dpp).toMatchObject({ profile: 'battery-passport', category: 'ev' });
    expect((await read(reply.body.dpp.id, 'GeneralProductInformation')).body.code).toBe('ASPECT_NOT_WRITTEN');
  });

  it.each([
    [{ profile: 'no-such-profile', category: 'ev' }, 'profile'],
    [{ profile: 'battery-passport', category: 'general' }, 'category'],
    [{ profile: 'battery-passport' }, 'category'],
    [{ category: 'ev' }, 'category'],
  ])('refuses %j naming %s, and writes nothing', async (fields, path) => {
    const before = await call('GET', '/dpps?limit=100', { token: token() });
    const reply = await call('POST', '/dpps', { token: token(), ...json(newDpp(fields)) });
    expect(reply.status).toBe(400);
    expect(reply.body.details.map((d: { path: string }) => d.path)).toContain(path);
    const after = await call('GET', '/dpps?limit=100', { token: token() });
    expect(after.body.dpps).toHaveLength(before.body.dpps.length);
  });

  it('gives a DPP made from a profiled template the template’s profile and category', async () => {
    const template = await call('POST', '/templates', {
      token: token(),
      ...json({ name: 'EV pack template', model_id: MODEL, profile: 'battery-passport', category: 'industrial' }),
    });
    expect(template.status).toBe(200);
    expect(template.body.template).toMatchObject({ profile: 'battery-passport', category: 'industrial' });
    const made = await call('POST', '/dpps', {
      token: token(),
      ...json(newDpp({ template_id: template.body.template.id })),
    });
    expect(made.body.dpp).toMatchObject({ profile: 'battery-passport', category: 'industrial' });
    const other = await call('POST', '/dpps', {
      token: token(),
      ...json(newDpp({ template_id: template.body.template.id, profile: 'battery-passport', category: 'ev' })),
    });
    expect(other.status).toBe(400);
    expect(other.body.code).toBe('TEMPLATE_PROFILE_MISMATCH');
  });
});

describe('writing an aspect', () => {
  it('stores a valid document, answers it, and reads it back', async () => {
    const dppId = await createBattery();
    const document = { batteryMass: 412.5, batteryCategory: 'ev', manufacturingDate: '2026-11-02T08:00:00Z' };
    const reply = await put(dppId, 'GeneralProductInformation', document);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(document);
    expect((await read(dppId, 'GeneralProductInformation')).body).toEqual(document);
  });
});

describe('patching an aspect', () => {
  it('merges a JSON Merge Patch into the stored document: a member replaced, one removed, one merged', async () => {
    const dppId = await createBattery();
    await put(dppId, 'GeneralProductInformation', {
      batteryMass: 412.5,
      batteryCategory: 'ev',
      manufacturingPlace: { addressCountry: 'IT', postalCode: '20121', streetAddress: 'Via Roma 1' },
    });
    const reply = await patch(dppId, 'GeneralProductInformation', {
      batteryMass: 410,
      batteryCategory: null,
      manufacturingPlace: { postalCode: '20122' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      batteryMass: 410,
      manufacturingPlace: { addressCountry: 'IT', postalCode: '20122', streetAddress: 'Via Roma 1' },
    });
  });
});
