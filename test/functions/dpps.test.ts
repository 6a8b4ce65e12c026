import { beforeAll, describe, expect, it } from 'vitest';
import { searchIdOf, serialOf } from '../../lib/dpps/gtin';
import {
  apiUrl,
  call,
  demo,
  download,
  fixture,
  form,
  json,
  putTestCompany,
  type TestCompany,
  tokenFor,
  verifiedKybData,
} from '../support/api';

/**
 * The DPP authoring routes: POST /dpps, GET /dpps, GET /dpps/{dppId}, PUT /dpps/{dppId}.
 * Writes go to companies the file makes for itself (putTestCompany), so a list is exactly
 * what the test wrote and "nothing written" is an empty list; Acme's demo DPPs are only read.
 */

const VAT = { valid: 'IT11111110018', invalid: 'IT22222220018', unavailable: 'IT33333330018' };

async function verifyBusiness(company: TestCompany, vat: string, expected: string) {
  const reply = await call('POST', '/verify-business', {
    token: company.token,
    ...json({ userId: company.admin.id, userData: verifiedKybData('DPP Authoring S.r.l.', vat) }),
  });
  expect(reply.status).toBe(200);
  expect(reply.body.companyInfo.status).toBe(expected);
}

/** A company with KYB VERIFIED and a template of its own. */
async function verifiedCompany(prefix: string): Promise<TestCompany & { template: string }> {
  const company = await putTestCompany(prefix);
  await verifyBusiness(company, VAT.valid, 'VERIFIED');
  const template = await call('POST', '/templates', {
    token: company.token,
    ...json({ name: `${prefix} template`, model_id: MODEL }),
  });
  expect(template.status).toBe(200);
  return { ...company, template: template.body.template.id };
}

const MODEL = '01a21000-0000-7000-8000-00000000a001';
const newDpp = (fields: Record<string, unknown> = {}) => ({
  name: 'Trekking e-bike T3',
  description: 'A trekking e-bike with a 500 Wh battery',
  type: 'e-bike',
  code: '08012345000012',
  model_id: MODEL,
  language: 'en',
  ...fields,
});

const create = (company: { token: string }, fields: Record<string, unknown> = {}, headers = {}) =>
  call('POST', '/dpps', { token: company.token, ...json(newDpp(fields), headers) });

/** Every DPP of the company, all pages. */
async function listAll(token: string): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown>> = [];
  let cursor: string | undefined;
  do {
    const reply = await call('GET', `/dpps?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { token });
    expect(reply.status).toBe(200);
    out.push(...reply.body.dpps);
    cursor = reply.body.nextCursor;
  } while (cursor);
  return out;
}

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('POST /dpps', () => {
  let company: TestCompany & { template: string };
  beforeAll(async () => {
    company = await verifiedCompany('dpps-create');
  });

  it('creates a DPP of the company with a UUIDv7 id and its GS1 Digital Link search_id, and answers it as GET /dpps/{dppId} does', async () => {
    const { status, body } = await create(company, { template_id: company.template, language: 'it' });
    expect(status).toBe(200);
    const { dpp } = body;
    expect(dpp.id).toMatch(UUID_V7);
    expect(dpp).toEqual({
      id: dpp.id,
      company_id: company.id,
      name: 'Trekking e-bike T3',
      description: 'A trekking e-bike with a 500 Wh battery',
      type: 'e-bike',
      code: '08012345000012',
      search_id: searchIdOf('08012345000012', serialOf(dpp.id)),
      model_id: MODEL,
      template_id: company.template,
      // None set: the template's count for its EU registry record; no registration yet.
      commodity_code: '',
      facility_id: '',
      registration_id: '',
      language: 'it',
      version_count: 0,
      published: false,
      // No profile: a passport of free-form cards (test/functions/dpp-aspects.test.ts has profiled ones).
      profile: '',
      category: '',
      related_dpps: [],
      created_at: dpp.created_at,
      updated_at: dpp.created_at,
      images: [],
      files: [],
      cards: [],
      translations: [],
    });
    expect(dpp.search_id).toMatch(/^01\/08012345000012\/21\/[0-9A-HJKMNP-TV-Z]{20}$/);
    const read = await call('GET', `/dpps/${dpp.id}`, { token: company.token });
    expect(read).toMatchObject({ status: 200, body: { dpp } });
    // The public passport shows it once published (a new DPP is private), at once.
    expect((await call('GET', `/dpp/${dpp.id}`)).status).toBe(404);
    expect((await call('PUT', `/dpps/${dpp.id}`, { token: company.token, ...json({ published: true }) })).status).toBe(
      200,
    );
    const passport = await call('GET', `/dpp/${dpp.id}`, { headers: { language: 'it' } });
    expect(passport.status).toBe(200);
    expect(passport.body.dpp).toMatchObject({ id: dpp.id, name: dpp.name, type: 'e-bike', company_id: company.id });
  });

  it('gives two DPPs of one model the same code and different search_ids, in the order they were created', async () => {
    const first = await create(company, { name: 'Same model A' });
    const second = await create(company, { name: 'Same model B' });
    expect(first.body.dpp.search_id).not.toBe(second.body.dpp.search_id);
    expect(first.body.dpp.search_id < second.body.dpp.search_id).toBe(true);
    expect(first.body.dpp.id < second.body.dpp.id).toBe(true);
  });

  it('refuses bad input with 400 and the field, and writes nothing', async () => {
    const fresh = await verifiedCompany('dpps-bad-input');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ code: '08012345000013' }, 'code'], // wrong check digit
      [{ code: '8012345000012' }, 'code'], // 13 digits
      [{ code: 8012345000012 }, 'code'],
      [{ name: '   ' }, 'name'],
      [{ name: undefined }, 'name'],
      [{ type: '' }, 'type'],
      [{ model_id: 'not-a-uuid' }, 'model_id'],
      [{ template_id: 'not-a-uuid' }, 'template_id'],
      [{ language: 'EN' }, 'language'],
      [{ language: 'xx' }, 'language'],
      [{ language: undefined }, 'language'],
      [{ search_id: '01/08012345000012/21/MINE' }, 'search_id'],
      [{ company_id: company.id }, 'company_id'],
    ];
    for (const [fields, path] of cases) {
      const { status, body } = await create(fresh, fields);
      expect({ fields, status, code: body.code }).toEqual({ fields, status: 400, code: 'VALIDATION_ERROR' });
      expect(body.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    for (const raw of ['{"name":', '[]', 'null']) {
      const { status } = await call('POST', '/dpps', {
        token: fresh.token,
        headers: { 'content-type': 'application/json' },
        body: raw,
      });
      expect(status).toBe(400);
    }
    expect(await listAll(fresh.token)).toEqual([]);
  });

  it('answers a template of another company exactly as an unknown one, 400 TEMPLATE_NOT_FOUND, and writes nothing', async () => {
    const fresh = await verifiedCompany('dpps-template');
    const foreign = await create(fresh, { template_id: demo.acme.template.id });
    const unknown = await create(fresh, { template_id: '01a21000-ffff-7000-8000-000000000000' });
    expect(foreign).toMatchObject({
      status: 400,
      body: {
        error: 'template_id names no template of your company',
        code: 'TEMPLATE_NOT_FOUND',
        details: [{ path: 'template_id', message: 'is not a template of your company' }],
      },
    });
    expect(unknown.body).toEqual(foreign.body);
    expect(await listAll(fresh.token)).toEqual([]);
  });

  it('answers a retry with the same Idempotency-Key with the first answer and creates one DPP', async () => {
    const fresh = await verifiedCompany('dpps-retry');
    const headers = { 'idempotency-key': 'create-dpp-retry-1' };
    const first = await create(fresh, { name: 'Retried' }, headers);
    const again = await create(fresh, { name: 'Retried' }, headers);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await create(fresh, { name: 'Another body' }, headers);
    expect({ status: other.status, code: other.body.code }).toEqual({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect((await listAll(fresh.token)).map((d) => d.id)).toEqual([first.body.dpp.id]);
  });
});

describe('the KYB gate of POST /dpps (docs/spec/decisions.md: a company needs VERIFIED KYB to create DPPs)', () => {
  it('answers 403 KYB_REQUIRED until the business is verified, writing nothing, then creates', async () => {
    const company = await putTestCompany('dpps-kyb');
    const refused = async () => {
      const { status, body } = await create(company);
      expect(status).toBe(403);
      expect(body.code).toBe('KYB_REQUIRED');
      expect(body.error).toContain('POST /verify-business');
      expect(await listAll(company.token)).toEqual([]);
    };
    await refused(); // no KYB data yet
    await verifyBusiness(company, VAT.invalid, 'REJECTED');
    await refused();
    await verifyBusiness(company, VAT.unavailable, 'PENDING');
    await refused();
    await verifyBusiness(company, VAT.valid, 'VERIFIED');
    const created = await create(company);
    expect(created.status).toBe(200);
    expect((await listAll(company.token)).map((d) => d.id)).toEqual([created.body.dpp.id]);
  });

  it('asks for KYB with a bad template too, and for nothing with a good one of a verified company', async () => {
    const company = await putTestCompany('dpps-kyb-template');
    const template = await call('POST', '/templates', {
      token: company.token,
      ...json({ name: 't', model_id: MODEL }),
    });
    expect((await create(company, { template_id: template.body.template.id })).body.code).toBe('KYB_REQUIRED');
    // A template of another company is 400 whatever the KYB status: the request is wrong before it is refused.
    expect((await create(company, { template_id: demo.acme.template.id })).body.code).toBe('TEMPLATE_NOT_FOUND');
  });
});

describe('GET /dpps', () => {
  let company: TestCompany & { template: string };
  let ids: string[];
  beforeAll(async () => {
    company = await verifiedCompany('dpps-list');
    ids = [];
    for (const name of ['First', 'Second', 'Third']) {
      const reply = await create(company, { name });
      expect(reply.status).toBe(200);
      ids.push(reply.body.dpp.id);
    }
  });

  it("lists the company's DPPs oldest first, paged with limit and cursor", async () => {
    const first = await call('GET', '/dpps?limit=2', { token: company.token });
    expect(first.status).toBe(200);
    expect(first.body.dpps.map((d: { id: string }) => d.id)).toEqual(ids.slice(0, 2));
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await call('GET', `/dpps?limit=2&cursor=${first.body.nextCursor}`, { token: company.token });
    expect(second.status).toBe(200);
    expect(second.body.dpps.map((d: { id: string }) => d.id)).toEqual(ids.slice(2));
    expect(second.body.nextCursor).toBeUndefined();
    const all = await call('GET', '/dpps', { token: company.token });
    expect(all.body).toEqual({ dpps: [...first.body.dpps, ...second.body.dpps] });
  });

  it('shows each DPP with its own fields as GET /dpps/{dppId} does, without what hangs under it', async () => {
    const { body } = await call('GET', '/dpps?limit=1', { token: company.token });
    const {
      images: _i,
      files: _f,
      cards: _c,
      translations: _t,
      ...fields
    } = (await call('GET', `/dpps/${ids[0]}`, { token: company.token })).body.dpp;
    expect(body.dpps[0]).toEqual(fields);
  });

  it('shows only the caller’s DPPs, and refuses another company’s cursor and a bad limit', async () => {
    const acme = await tokenFor('acme');
    const acmeIds = (await listAll(acme)).map((d) => d.id);
    expect(acmeIds).toContain(demo.acme.dpp.id);
    expect(acmeIds).not.toContain(ids[0]);
    const { body } = await call('GET', '/dpps?limit=1', { token: company.token });
    const replayed = await call('GET', `/dpps?limit=1&cursor=${body.nextCursor}`, { token: acme });
    expect(replayed).toMatchObject({ status: 400, body: { error: 'invalid cursor', code: 'INVALID_CURSOR' } });
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'cursor=not-a-cursor']) {
      expect((await call('GET', `/dpps?${query}`, { token: company.token })).status).toBe(400);
    }
  });
});

describe('GET /dpps/{dppId}', () => {
  it('shows a DPP with its images and files (signed URLs), cards with characteristics and the languages of its translations', async () => {
    const token = await tokenFor('acme');
    const x1 = demo.acme.dpp;
    const { status, body } = await call('GET', `/dpps/${x1.id}`, { token });
    expect(status).toBe(200);
    const { dpp } = body;
    expect(dpp).toMatchObject({
      id: x1.id,
      company_id: demo.acme.company.id,
      name: x1.name,
      code: x1.code,
      search_id: x1.search_id,
      model_id: x1.model_id,
      template_id: x1.template_id,
    });
    expect(dpp.version_count).toBeGreaterThanOrEqual(2);
    expect(dpp.related_dpps).toContain(demo.volta.dpp.id);
    expect(dpp.translations).toEqual(expect.arrayContaining(['fr', 'it']));
    expect(dpp.images.map((i: { id: string }) => i.id)).toContain(x1.images[0]!.id);
    expect((await download(dpp.images[0].url)).status).toBe(200);
    const manual = dpp.files.find((f: { id: string }) => f.id === x1.files[0]!.id);
    expect(manual).toMatchObject({ dpp_id: x1.id, name: x1.files[0]!.name });
    expect((await download(manual.url)).status).toBe(200);
    const card = dpp.cards.find((c: { id: string }) => c.id === x1.cards[0]!.id);
    expect(card.characteristics.length).toBeGreaterThan(0);
  });

  it("answers another company's DPP exactly as an unknown one: 404", async () => {
    const globex = await tokenFor('globex');
    const foreign = await call('GET', `/dpps/${demo.acme.dpp.id}`, { token: globex });
    const unknown = await call('GET', '/dpps/no-such-dpp', { token: globex });
    expect(foreign).toMatchObject({ status: 404, body: { error: 'DPP not found', code: 'DPP_NOT_FOUND' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(foreign.body);
    expect((await call('GET', '/dpps/a%2Fb', { token: globex })).status).toBe(400);
  });
});

describe('PUT /dpps/{dppId}', () => {
  let company: TestCompany & { template: string };
  beforeAll(async () => {
    company = await verifiedCompany('dpps-update');
  });

  const update = (dppId: string, body: unknown, token = company.token) =>
    call('PUT', `/dpps/${dppId}`, { token, ...json(body) });

  it('changes only the given fields and updated_at, and answers the DPP as stored', async () => {
    const { dpp } = (await create(company, { template_id: company.template })).body;
    await new Promise((wake) => setTimeout(wake, 5));
    const { status, body } = await update(dpp.id, { name: '  Trekking e-bike T3 (2027)  ', language: 'de' });
    expect(status).toBe(200);
    const { images: _i, files: _f, cards: _c, translations: _t, ...before } = dpp;
    expect(body.dpp).toEqual({
      ...before,
      name: 'Trekking e-bike T3 (2027)',
      language: 'de',
      updated_at: body.dpp.updated_at,
    });
    expect(body.dpp.updated_at > dpp.updated_at).toBe(true);
    const read = await call('GET', `/dpps/${dpp.id}`, { token: company.token });
    expect(read.body.dpp).toMatchObject(body.dpp);
  });

  it('links a template of the company, and unlinks it with null', async () => {
    const { dpp } = (await create(company)).body;
    expect(dpp.template_id).toBe('');
    const linked = await update(dpp.id, { template_id: company.template, description: 'Linked' });
    expect(linked.status).toBe(200);
    expect(linked.body.dpp).toMatchObject({ template_id: company.template, description: 'Linked' });
    const unlinked = await update(dpp.id, { template_id: null });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.dpp).toMatchObject({ template_id: '', description: 'Linked' });
  });

  it('refuses no field, a field that cannot change and a foreign template with 400, writing nothing', async () => {
    const { dpp } = (await create(company)).body;
    const stored = async () => (await call('GET', `/dpps/${dpp.id}`, { token: company.token })).body.dpp;
    const before = await stored();
    const cases: Array<[unknown, string, string]> = [
      [{}, 'VALIDATION_ERROR', 'body'],
      [{ code: '08012345000029' }, 'VALIDATION_ERROR', 'code'],
      [{ model_id: MODEL }, 'VALIDATION_ERROR', 'model_id'],
      [{ search_id: 'x' }, 'VALIDATION_ERROR', 'search_id'],
      [{ name: 'Renamed', version_count: 7 }, 'VALIDATION_ERROR', 'version_count'],
      [{ name: '' }, 'VALIDATION_ERROR', 'name'],
      [{ language: 'english' }, 'VALIDATION_ERROR', 'language'],
      [{ published: 'yes' }, 'VALIDATION_ERROR', 'published'],
      [{ name: 'Renamed', template_id: demo.acme.template.id }, 'TEMPLATE_NOT_FOUND', 'template_id'],
      [{ template_id: '01a21000-ffff-7000-8000-000000000000' }, 'TEMPLATE_NOT_FOUND', 'template_id'],
    ];
    for (const [body, code, path] of cases) {
      const reply = await update(dpp.id, body);
      expect({ body, status: reply.status, code: reply.body.code }).toEqual({ body, status: 400, code });
      expect(reply.body.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect(await stored()).toEqual(before);
  });

  it("answers another company's DPP exactly as an unknown one, 404, and changes nothing", async () => {
    const acme = await tokenFor('acme');
    const x1 = (await call('GET', `/dpps/${demo.acme.dpp.id}`, { token: acme })).body.dpp;
    const foreign = await update(demo.acme.dpp.id, { name: 'stolen' });
    const unknown = await update('no-such-dpp', { name: 'stolen' });
    expect(foreign).toMatchObject({ status: 404, body: { error: 'DPP not found', code: 'DPP_NOT_FOUND' } });
    expect(unknown.body).toEqual(foreign.body);
    expect((await call('GET', `/dpps/${demo.acme.dpp.id}`, { token: acme })).body.dpp.name).toBe(x1.name);
  });

  it('never changes a version already taken: its document stays byte for byte the same', async () => {
    const { dpp } = (await create(company, { template_id: company.template })).body;
    // Published, so its version documents are public.
    expect((await update(dpp.id, { published: true })).status).toBe(200);
    const version = await call('POST', `/version/${dpp.id}/create`, {
      token: company.token,
      ...json({ dppId: dpp.id, versionId: 'before-the-edit' }),
    });
    expect(version.status).toBe(200);
    // The document's exact bytes, as its public uri serves them.
    const read = async () => {
      const response = await fetch(`${apiUrl}/dpp/${dpp.id}/versions/1`);
      expect(response.status).toBe(200);
      return response.text();
    };
    const frozen = await read();
    const edited = await update(dpp.id, {
      name: 'Edited after the version',
      description: 'Edited',
      type: 'edited',
      language: 'fr',
      template_id: null,
    });
    expect(edited.status).toBe(200);
    expect(await read()).toBe(frozen);
    expect(JSON.parse(frozen).dpp).toMatchObject({ name: dpp.name, type: 'e-bike', template_id: company.template });
    const versions = await call('GET', `/view-dpp-versions/${dpp.id}`, { token: company.token });
    expect(versions.body.versions).toHaveLength(1);
    expect((await call('GET', `/dpps/${dpp.id}`, { token: company.token })).body.dpp.version_count).toBe(1);
  });

  it('has no DELETE: a DPP is never deleted by the API', async () => {
    const { dpp } = (await create(company)).body;
    const reply = await call('DELETE', `/dpps/${dpp.id}`, { token: company.token });
    expect(reply).toMatchObject({ status: 404, body: { error: 'Not Found' } });
    expect((await call('GET', `/dpps/${dpp.id}`, { token: company.token })).status).toBe(200);
  });
});

describe('single-line fields (docs/behaviour.md, Text fields)', () => {
  /** Texts no single-line field takes: line breaks, a control character, bidirectional controls balanced or not. */
  const REFUSED: Array<[string, string]> = [
    ['Trekking\r\ne-bike', 'U+000D'],
    ['Trekking e-bike\n', 'U+000A'],
    ['Trekking\u0007e-bike', 'U+0007'],
    ['Trekking \u202Eekib-e', 'U+202E'],
    ['\u2067Trekking e-bike\u2069', 'U+2067'],
  ];

  it('refuses them in a DPP’s name and type, on POST and PUT, with 400 naming the field, storing nothing', async () => {
    const company = await verifiedCompany('dpps-single-line');
    for (const [text, code] of REFUSED) {
      for (const field of ['name', 'type']) {
        const { status, body } = await create(company, { [field]: text });
        expect({ text, field, status, code: body.code }).toEqual({
          text,
          field,
          status: 400,
          code: 'VALIDATION_ERROR',
        });
        expect(body.details).toContainEqual({ path: field, message: expect.stringContaining(code) });
      }
    }
    expect(await listAll(company.token)).toEqual([]);

    const { dpp } = (await create(company)).body;
    const stored = async () => (await call('GET', `/dpps/${dpp.id}`, { token: company.token })).body.dpp;
    const before = await stored();
    for (const [text, code] of REFUSED) {
      const reply = await call('PUT', `/dpps/${dpp.id}`, { token: company.token, ...json({ name: text }) });
      expect({ text, status: reply.status }).toEqual({ text, status: 400 });
      expect(reply.body.details).toContainEqual({ path: 'name', message: expect.stringContaining(code) });
    }
    expect(await stored()).toEqual(before);
    // A description is many lines: its line breaks stay.
    const described = await call('PUT', `/dpps/${dpp.id}`, {
      token: company.token,
      ...json({ description: 'First line\nSecond line' }),
    });
    expect(described.status).toBe(200);
    expect(described.body.dpp.description).toBe('First line\nSecond line');
  });

  it('refuses them in a card’s name and characteristics and in an uploaded file’s name, storing nothing', async () => {
    const company = await verifiedCompany('dpps-single-line-parts');
    const { dpp } = (await create(company)).body;
    const card = await call('POST', `/dpps/${dpp.id}/cards`, {
      token: company.token,
      ...json({ name: 'Cell chemistry\u202E', characteristics: [{ characteristic: 'Capacity:\n500 Wh' }] }),
    });
    expect(card.status).toBe(400);
    expect(card.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'characteristics.0.characteristic',
      'name',
    ]);
    // A file without `name` is named by its file name, which is then a single-line text too.
    const file = await call('POST', `/models/${MODEL}/dpps/${dpp.id}/upload-file`, {
      token: company.token,
      form: form({ description: 'Datasheet' }, { bytes: fixture('sample.pdf'), name: 'datasheet\u202Efdp.exe' }),
    });
    expect(file.status).toBe(400);
    expect(file.body.details).toContainEqual({ path: 'file', message: expect.stringContaining('U+202E') });
    const named = await call('POST', `/models/${MODEL}/dpps/${dpp.id}/upload-file`, {
      token: company.token,
      form: form({ name: 'Data\u2066sheet' }, { bytes: fixture('sample.pdf'), name: 'datasheet.pdf' }),
    });
    expect(named.status).toBe(400);
    expect(named.body.details).toContainEqual({ path: 'name', message: expect.stringContaining('U+2066') });
    const read = (await call('GET', `/dpps/${dpp.id}`, { token: company.token })).body.dpp;
    expect({ cards: read.cards, files: read.files }).toEqual({ cards: [], files: [] });
  });
});
