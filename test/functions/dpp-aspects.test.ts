import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { toAspectChangeItem } from '../../lib/dpp-aspects/model';
import example from '../../lib/profiles/data/examples/battery-passport-ev.json';
import { readSchemaFile } from '../lib/profiles/source-schema';
import { call, json, localTable, putTestCompany, putVerifiedTestCompany, type TestCompany } from '../support/api';

/**
 * A profiled DPP's aspects over HTTP (docs/profiles.md, Profiled passports): creating one with a
 * profile, writing its aspects (PUT, PATCH), reading them back, its completeness, publishing it,
 * and the history of its dynamic attributes. Writes go to a company the file makes for itself.
 */

const MODEL = '01a21000-0000-7000-8000-00000000a027';

const verifiedCompany = (prefix: string): Promise<TestCompany> => putVerifiedTestCompany(prefix, 'Aspects S.r.l.');

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

const EV = example.aspects as Record<string, Record<string, unknown>>;
const ASPECTS = Object.keys(EV);

/** A DPP with every aspect of the EV example written. */
async function completeBattery(): Promise<string> {
  const dppId = await createBattery();
  for (const aspect of ASPECTS) expect((await put(dppId, aspect, EV[aspect])).status).toBe(200);
  return dppId;
}

const modelDir = process.env.BATTERYPASS_DIR;
const withModel = Boolean(modelDir && existsSync(join(modelDir, 'BatteryPass')));

/** The Battery Pass 1.2.0 schema of each aspect, when BATTERYPASS_DIR has the model (docs/profiles.md). */
async function schemaValidators(): Promise<Map<string, (document: unknown) => unknown[]>> {
  const profile = (await call('GET', '/profiles/battery-passport')).body as {
    aspects: Array<{ id: string; schema: string }>;
  };
  // The schemas are draft-04. ajv-draft-04 comes with the OpenAPI linters' tooling (devDependencies);
  // only this optional check uses it.
  const { default: Ajv } = await import('ajv-draft-04');
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const out = new Map<string, (document: unknown) => unknown[]>();
  for (const aspect of profile.aspects) {
    const validate = ajv.compile(readSchemaFile(join(modelDir as string, aspect.schema)));
    out.set(aspect.id, (document) => (validate(document) ? [] : (validate.errors ?? [])));
  }
  return out;
}

describe('the round trip of a complete EV battery passport', () => {
  it(`writes the seven aspects of the example, reads each back as written${withModel ? ', valid against its Battery Pass 1.2.0 schema' : ' (set BATTERYPASS_DIR to check them against the Battery Pass 1.2.0 schemas)'}, is complete and publishes`, async () => {
    const dppId = await createBattery();
    const before = await call('GET', `/dpps/${dppId}/completeness`, { token: token() });
    expect(before.body).toMatchObject({
      profile: 'battery-passport',
      category: 'ev',
      mandatory: 70,
      present: 0,
      complete: false,
    });
    expect(before.body.missing).toHaveLength(70);
    const refused = await call('PUT', `/dpps/${dppId}`, { token: token(), ...json({ published: true }) });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('INCOMPLETE');
    expect(refused.body.details).toHaveLength(70);
    expect(refused.body.details).toContainEqual({
      path: '/GeneralProductInformation/batteryMass',
      message: expect.stringContaining('(battery-mass) is mandatory'),
    });

    const schemas = withModel ? await schemaValidators() : undefined;
    for (const aspect of ASPECTS) {
      const written = await put(dppId, aspect, EV[aspect]);
      expect(written.status, aspect).toBe(200);
      expect(written.body).toEqual(EV[aspect]);
      const back = await read(dppId, aspect);
      expect(back.body, aspect).toEqual(EV[aspect]);
      if (schemas) expect(schemas.get(aspect)?.(back.body), aspect).toEqual([]);
    }
    const after = await call('GET', `/dpps/${dppId}/completeness`, { token: token() });
    expect(after.body).toEqual({
      profile: 'battery-passport',
      category: 'ev',
      mandatory: 70,
      present: 70,
      missing: [],
      complete: true,
    });
    const published = await call('PUT', `/dpps/${dppId}`, { token: token(), ...json({ published: true }) });
    expect(published.status).toBe(200);
    expect(published.body.dpp.published).toBe(true);

    // Published, it stays complete: removing a mandatory attribute is refused, and nothing changes.
    const removal = await patch(dppId, 'GeneralProductInformation', { batteryMass: null });
    expect(removal.status).toBe(409);
    // The mass, and the carbon footprint declaration's general information, which is composed of it.
    expect(removal.body.details).toEqual([
      { path: '/GeneralProductInformation/batteryMass', message: expect.stringContaining('(battery-mass)') },
      {
        path: '/CarbonFootprintForBatteries',
        message: expect.stringContaining('(carbon-footprint-general-information)'),
      },
    ]);
    expect((await read(dppId, 'GeneralProductInformation')).body).toEqual(EV.GeneralProductInformation);
  });
});

describe('invalid documents: 400 naming each problem, and nothing stored', () => {
  let dppId: string;
  beforeAll(async () => {
    dppId = await completeBattery();
  });

  const cases: Array<[string, string, Record<string, unknown>, string]> = [
    ['a text for a number', 'GeneralProductInformation', { batteryMass: 'heavy' }, '/batteryMass'],
    ['a negative mass', 'GeneralProductInformation', { batteryMass: -5 }, '/batteryMass'],
    ['an unknown category', 'GeneralProductInformation', { batteryCategory: 'scooter' }, '/batteryCategory'],
    ['an unknown status', 'GeneralProductInformation', { batteryStatus: 'Broken' }, '/batteryStatus'],
    [
      'a 30th of February',
      'GeneralProductInformation',
      { manufacturingDate: '2027-02-30T10:00:00Z' },
      '/manufacturingDate',
    ],
    ['a date in another form', 'GeneralProductInformation', { manufacturingDate: '14/01/2027' }, '/manufacturingDate'],
    [
      'a patch that nulls a required field',
      'GeneralProductInformation',
      { manufacturerInformation: { contactName: null } },
      '/manufacturerInformation/contactName',
    ],
    [
      'a text for an address object',
      'GeneralProductInformation',
      { manufacturingPlace: 'Wolfsburg' },
      '/manufacturingPlace',
    ],
    [
      'an identifier off its pattern',
      'GeneralProductInformation',
      { batteryPassportIdentifier: 'VC-1' },
      '/batteryPassportIdentifier',
    ],
    ['a warranty off its pattern', 'GeneralProductInformation', { warrentyPeriod: '2 years' }, '/warrentyPeriod'],
    ['a field the profile does not have', 'GeneralProductInformation', { colour: 'red' }, '/colour'],
    [
      'a nested field the profile does not have',
      'GeneralProductInformation',
      { manufacturingPlace: { city: 'Wolfsburg' } },
      '/manufacturingPlace/city',
    ],
    [
      'a state of charge over 100 %',
      'PerformanceAndDurability',
      { batteryCondition: { stateOfCharge: { stateOfChargeValue: 120 } } },
      '/batteryCondition/stateOfCharge/stateOfChargeValue',
    ],
    [
      'a fraction of a cycle count',
      'PerformanceAndDurability',
      { batteryTechicalProperties: { expectedNumberOfCycles: 2000.5 } },
      '/batteryTechicalProperties/expectedNumberOfCycles',
    ],
    [
      'a text for a date-time',
      'PerformanceAndDurability',
      { batteryCondition: { numberOfFullCycles: { lastUpdate: 'yesterday' } } },
      '/batteryCondition/numberOfFullCycles/lastUpdate',
    ],
    [
      'a list item missing a required field',
      'PerformanceAndDurability',
      { batteryTechicalProperties: { initialInternalResistance: [{ ohmicResistance: 0.1 }] } },
      '/batteryTechicalProperties/initialInternalResistance/0/batteryComponent',
    ],
    [
      'an object for a list',
      'PerformanceAndDurability',
      { batteryTechicalProperties: { originalPowerCapability: { atSoC: 80 } } },
      '/batteryTechicalProperties/originalPowerCapability',
    ],
    [
      'a capacity with its unit in the text',
      'PerformanceAndDurability',
      { batteryTechicalProperties: { ratedCapacity: '210 Ah' } },
      '/batteryTechicalProperties/ratedCapacity',
    ],
    [
      'a number no store keeps',
      'PerformanceAndDurability',
      { batteryTechicalProperties: { ratedCapacity: 1e200 } },
      '/batteryTechicalProperties/ratedCapacity',
    ],
    ['a text that is no URI', 'Labeling', { declarationOfConformity: 'see the folder' }, '/declarationOfConformity'],
    [
      'a number for a label text',
      'Labeling',
      {
        labels: [
          {
            labelingSubject: 'SeparateCollection',
            labelingSymbol: 'https://a.example/s.svg',
            labelingMeaning: { en: 5 },
          },
        ],
      },
      '/labels/0/labelingMeaning/en',
    ],
    [
      'a number for a symbol',
      'Labeling',
      { labels: [{ labelingSubject: 'SeparateCollection', labelingSymbol: 42 }] },
      '/labels/0/labelingSymbol',
    ],
    [
      'a chemistry without its clear name',
      'MaterialComposition',
      { batteryChemistry: { shortName: 'NMC', clearName: null } },
      '/batteryChemistry/clearName',
    ],
    [
      'a CAS number with a trailing space',
      'MaterialComposition',
      {
        batteryMaterials: [
          { ...(EV.MaterialComposition?.batteryMaterials as object[])[0], batteryMaterialIdentifier: '7440-02-0 ' },
        ],
      },
      '/batteryMaterials/0/batteryMaterialIdentifier',
    ],
    [
      'a recycled share over 100 %',
      'Circularity',
      { recycledContent: [{ recycledMaterial: 'Nickel', preConsumerShare: 150, postConsumerShare: 2 }] },
      '/recycledContent/0/preConsumerShare',
    ],
    [
      'a number for the material an item is picked by',
      'Circularity',
      { recycledContent: [{ recycledMaterial: 7 }] },
      '/recycledContent/0/recycledMaterial',
    ],
    ['a boolean for an index', 'SupplyChainDueDiligence', { supplyChainIndicies: true }, '/supplyChainIndicies'],
  ];

  it.each(cases)('%s (%s)', async (_, aspect, body, path) => {
    const reply = await patch(dppId, aspect, body);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('INVALID_ASPECT');
    expect(reply.body.details.map((d: { path: string }) => d.path)).toContain(path);
    expect((await read(dppId, aspect)).body).toEqual(EV[aspect]);
  });

  it('reports every problem of a document at once', async () => {
    const reply = await put(dppId, 'GeneralProductInformation', {
      ...EV.GeneralProductInformation,
      batteryMass: -1,
      batteryCategory: 'bus',
      manufacturingDate: 'soon',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      '/batteryCategory',
      '/batteryMass',
      '/manufacturingDate',
    ]);
  });

  it.each([
    ['not JSON', '{"batteryMass": 4'],
    ['a JSON list', '[1, 2]'],
    ['nothing', ''],
  ])('refuses a body that is %s, naming the document', async (_, body) => {
    const reply = await call('PUT', aspectPath(dppId, 'GeneralProductInformation'), {
      token: token(),
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(reply.status).toBe(400);
    expect(reply.body.details).toEqual([{ path: '', message: expect.any(String) }]);
    expect((await read(dppId, 'GeneralProductInformation')).body).toEqual(EV.GeneralProductInformation);
  });
});

describe('what an aspect route refuses besides', () => {
  it('answers 404 for an aspect the profile lacks, 409 on a DPP without a profile', async () => {
    const dppId = await createBattery();
    expect((await put(dppId, 'Colours', {})).status).toBe(404);
    expect((await read(dppId, 'Colours')).body.code).toBe('ASPECT_NOT_FOUND');
    const plain = await call('POST', '/dpps', { token: token(), ...json(newDpp()) });
    const id = plain.body.dpp.id;
    for (const reply of [
      await put(id, 'GeneralProductInformation', {}),
      await patch(id, 'GeneralProductInformation', {}),
      await read(id, 'GeneralProductInformation'),
      await call('GET', `/dpps/${id}/completeness`, { token: token() }),
    ]) {
      expect(reply.status).toBe(409);
      expect(reply.body.code).toBe('PROFILE_REQUIRED');
    }
  });

  it('answers 413 for a body over 64 KiB, and 415 for another content type', async () => {
    const dppId = await createBattery();
    const big = await put(dppId, 'GeneralProductInformation', { productIdentifier: 'x'.repeat(70 * 1024) });
    expect(big.status).toBe(413);
    const text = await call('PUT', aspectPath(dppId, 'GeneralProductInformation'), {
      token: token(),
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ batteryMass: 1 }),
    });
    expect(text.status).toBe(415);
    const mergeOnPut = await call('PUT', aspectPath(dppId, 'GeneralProductInformation'), {
      token: token(),
      headers: { 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ batteryMass: 1 }),
    });
    expect(mergeOnPut.status).toBe(415);
    expect((await read(dppId, 'GeneralProductInformation')).body.code).toBe('ASPECT_NOT_WRITTEN');
  });

  it('answers another company’s token as if the DPP did not exist, and changes nothing', async () => {
    const dppId = await completeBattery();
    const other = await putTestCompany('aspects-other');
    const as = { token: other.token };
    for (const reply of [
      await call('PUT', aspectPath(dppId, 'GeneralProductInformation'), { ...as, ...json({ batteryMass: 1 }) }),
      await call('PATCH', aspectPath(dppId, 'GeneralProductInformation'), { ...as, ...json({ batteryMass: 1 }) }),
      await call('GET', aspectPath(dppId, 'GeneralProductInformation'), as),
      await call('GET', `/dpps/${dppId}/completeness`, as),
      await call('GET', `/dpps/${dppId}/aspects-history`, as),
    ]) {
      expect(reply.status).toBe(404);
      expect(reply.body.code).toBe('DPP_NOT_FOUND');
    }
    expect((await read(dppId, 'GeneralProductInformation')).body).toEqual(EV.GeneralProductInformation);
  });
});

describe('the history of dynamic attributes', () => {
  it('records each dynamic attribute a patch changes, with time, author, old and new value; a static change adds none', async () => {
    const dppId = await completeBattery();
    const history = async () => (await call('GET', `/dpps/${dppId}/aspects-history`, { token: token() })).body.changes;
    const initial = await history();
    // Writing the example recorded its dynamic attributes, from nothing.
    expect(initial.find((c: { attribute: string }) => c.attribute === 'state-of-charge')).toMatchObject({
      aspect: 'PerformanceAndDurability',
      pointer: '/batteryCondition/stateOfCharge',
      tier: 'legitimate_interest',
      new: { stateOfChargeValue: 64, lastUpdate: '2027-03-01T08:00:00Z' },
    });
    expect(initial.every((c: { old?: unknown }) => c.old === undefined)).toBe(true);

    const reply = await patch(dppId, 'PerformanceAndDurability', {
      batteryCondition: {
        stateOfCharge: { stateOfChargeValue: 81, lastUpdate: '2027-04-01T08:00:00Z' },
        numberOfFullCycles: { numberOfFullCyclesValue: 57, lastUpdate: '2027-04-01T08:00:00Z' },
      },
    });
    expect(reply.status).toBe(200);
    expect((await patch(dppId, 'GeneralProductInformation', { batteryMass: 451.5 })).status).toBe(200);
    const added = (await history()).slice(initial.length);
    expect(added).toEqual([
      {
        revision: expect.any(Number),
        changed_at: expect.any(String),
        changed_by: company.admin.id,
        aspect: 'PerformanceAndDurability',
        attribute: 'state-of-charge',
        pointer: '/batteryCondition/stateOfCharge',
        tier: 'legitimate_interest',
        old: { stateOfChargeValue: 64, lastUpdate: '2027-03-01T08:00:00Z' },
        new: { stateOfChargeValue: 81, lastUpdate: '2027-04-01T08:00:00Z' },
      },
      expect.objectContaining({
        attribute: 'number-of-full-cycles',
        old: { numberOfFullCyclesValue: 42, lastUpdate: '2027-03-01T08:00:00Z' },
        new: { numberOfFullCyclesValue: 57, lastUpdate: '2027-04-01T08:00:00Z' },
      }),
    ]);
    expect(added[0].revision).toBe(added[1].revision);
  });
});

describe('the history of dynamic attributes, read in public at the reader’s tier', () => {
  type Change = { revision: number; attribute: string; tier: string; changed_by?: string };
  let dppId: string;
  let companyView: Change[];
  const grants: Record<'legitimate_interest' | 'authority', string> = { legitimate_interest: '', authority: '' };
  const publicHistory = (query = '', headers: Record<string, string> = {}) =>
    call('GET', `/dpp/${dppId}/aspects-history${query}`, { headers });
  const ids = (changes: Change[]) => changes.map((c) => `${c.revision}:${c.attribute}`);

  beforeAll(async () => {
    dppId = await completeBattery();
    expect((await call('PUT', `/dpps/${dppId}`, { token: token(), ...json({ published: true }) })).status).toBe(200);
    const soc = { stateOfCharge: { stateOfChargeValue: 70, lastUpdate: '2027-05-01T08:00:00Z' } };
    expect((await patch(dppId, 'PerformanceAndDurability', { batteryCondition: soc })).status).toBe(200);
    // Every dynamic attribute of the battery profile is legitimate_interest (the longlist's), so a
    // write records no other tier: the changes of a public and an authority attribute are added to
    // the history as a write would store them, at revisions after the DPP's own.
    const { doc, tableName } = localTable();
    const seeded = [
      [101, 'GeneralProductInformation', 'battery-mass', '/batteryMass', 'public', 451.5],
      [101, 'Labeling', 'test-report-results', '/resultOfTestReport', 'authority', 'https://reports.example/2'],
      [102, 'Labeling', 'test-report-results', '/resultOfTestReport', 'authority', 'https://reports.example/3'],
      [103, 'GeneralProductInformation', 'battery-mass', '/batteryMass', 'public', 452],
      [103, 'GeneralProductInformation', 'battery-mass', '/batteryMass', 'public', 453],
    ] as const;
    for (const [i, [revision, aspect, attribute, pointer, tier, value]] of seeded.entries()) {
      const item = toAspectChangeItem(
        {
          dpp_id: dppId,
          company_id: company.id,
          revision,
          aspect,
          attribute,
          pointer,
          tier,
          new: value,
          changed_at: new Date().toISOString(),
          changed_by: 'seeded',
        },
        i,
      );
      await doc.send(new PutCommand({ TableName: tableName, Item: item }));
    }
    companyView = (await call('GET', `/dpps/${dppId}/aspects-history`, { token: token() })).body.changes;
    for (const tier of ['legitimate_interest', 'authority'] as const) {
      const created = await call('POST', `/dpps/${dppId}/access-grants`, {
        token: token(),
        ...json({ tier, audience: `history-${tier}@example.com`, expires_in_days: 1 }),
      });
      expect(created.status).toBe(201);
      grants[tier] = new URL(created.body.link).searchParams.get('access')!;
    }
  });

  it('shows an anonymous reader the public attributes’ changes alone, without their author', async () => {
    const reply = await publicHistory();
    expect(reply.status).toBe(200);
    expect(ids(reply.body.changes)).toEqual(['101:battery-mass', '103:battery-mass', '103:battery-mass']);
    expect(reply.body.changes[0]).toEqual({
      revision: 101,
      changed_at: expect.any(String),
      aspect: 'GeneralProductInformation',
      attribute: 'battery-mass',
      pointer: '/batteryMass',
      tier: 'public',
      new: 451.5,
    });
    expect(reply.body.nextCursor).toBeUndefined();
  });

  it('shows a legitimate_interest grant those and the legitimate-interest changes, no authority one', async () => {
    const reply = await publicHistory('', { 'x-dpp-access': grants.legitimate_interest });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('private, no-store');
    const expected = companyView.filter((c) => c.tier !== 'authority');
    expect(expected.filter((c) => c.tier === 'legitimate_interest').map((c) => c.attribute)).toContain(
      'state-of-charge',
    );
    expect(ids(reply.body.changes)).toEqual(ids(expected));
    expect(reply.body.changes.some((c: Change) => c.tier === 'authority' || 'changed_by' in c)).toBe(false);
  });

  it('shows an authority grant every change, as the company’s history holds it but for its author', async () => {
    const reply = await publicHistory(`?access=${grants.authority}`);
    expect(reply.status).toBe(200);
    expect(reply.body.changes).toEqual(companyView.map(({ changed_by: _, ...change }) => change));
    // The read is logged with the restricted attributes it served.
    const log = await call('GET', `/dpps/${dppId}/access-log`, { token: token() });
    expect(log.body.entries).toContainEqual(
      expect.objectContaining({
        route: 'aspect-history',
        tier: 'authority',
        served: expect.objectContaining({ attributes: expect.arrayContaining(['test-report-results']) }),
      }),
    );
  });

  it('pages without splitting a write, its cursor past the write: a write with more changes than the limit is a page of its own', async () => {
    const first = await publicHistory('?limit=1');
    expect(ids(first.body.changes)).toEqual(['101:battery-mass']);
    const second = await publicHistory(`?limit=1&cursor=${first.body.nextCursor}`);
    expect(ids(second.body.changes)).toEqual(['103:battery-mass', '103:battery-mass']);
    expect(second.body.nextCursor).toBeUndefined();
    // Limit 2: revision 103's two changes do not fit after 101's, so they start the next page.
    const short = await publicHistory('?limit=2');
    expect(ids(short.body.changes)).toEqual(['101:battery-mass']);
    const rest = await publicHistory(`?limit=2&cursor=${short.body.nextCursor}`);
    expect(ids(rest.body.changes)).toEqual(['103:battery-mass', '103:battery-mass']);
    // A public cursor is no cursor of the company's list, nor the other way round.
    const crossed = await call('GET', `/dpps/${dppId}/aspects-history?cursor=${first.body.nextCursor}`, {
      token: token(),
    });
    expect(crossed.status).toBe(400);
    expect(crossed.body.code).toBe('INVALID_CURSOR');
  });

  it('answers 404 for an unknown or unpublished DPP, and 400 naming an unknown query parameter', async () => {
    const unknown = await call('GET', '/dpp/01a21000-0000-7000-8000-0000000000ff/aspects-history');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('DPP_NOT_FOUND');
    const draft = await createBattery();
    expect((await patch(draft, 'PerformanceAndDurability', EV.PerformanceAndDurability)).status).toBe(200);
    const unpublished = await call('GET', `/dpp/${draft}/aspects-history`);
    expect(unpublished.status).toBe(404);
    expect(unpublished.body).toEqual(unknown.body);
    const refused = await publicHistory('?since=2027-01-01');
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('since');
  });
});
