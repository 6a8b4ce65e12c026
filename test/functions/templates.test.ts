import { beforeAll, describe, expect, it } from 'vitest';
import { call, demo, fixture, form, json, putTestCompany, type TestCompany, tokenFor } from '../support/api';

/**
 * The template routes: POST /templates, GET /templates, PUT /templates/{templateId}.
 * Writes go to a company the file makes for itself (putTestCompany), so its list is exactly
 * what the test wrote; Acme's demo templates are only read.
 */
const MODEL = '01a21000-0000-7000-8000-00000000b001';
const OTHER_MODEL = '01a21000-0000-7000-8000-00000000b002';
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const create = (company: { token: string }, body: unknown, headers: Record<string, string> = {}) =>
  call('POST', '/templates', { token: company.token, ...json(body, headers) });

async function listAll(token: string): Promise<Array<{ id: string }>> {
  const out: Array<{ id: string }> = [];
  let cursor: string | undefined;
  do {
    const reply = await call('GET', `/templates${cursor ? `?cursor=${cursor}` : ''}`, { token });
    expect(reply.status).toBe(200);
    out.push(...reply.body.templates);
    cursor = reply.body.nextCursor;
  } while (cursor);
  return out;
}

describe('POST /templates', () => {
  let company: TestCompany;
  beforeAll(async () => {
    company = await putTestCompany('templates-create');
  });

  it('creates a template of the company for a model, which takes files and which DPPs may name', async () => {
    const { status, body } = await create(company, { name: '  City e-bike 2027  ', model_id: MODEL });
    expect(status).toBe(200);
    const { template } = body;
    expect(template).toEqual({
      id: expect.stringMatching(UUID_V7),
      company_id: company.id,
      name: 'City e-bike 2027',
      model_id: MODEL,
      profile: '',
      category: '',
      commodity_code: '',
      facility_id: '',
      created_at: template.created_at,
      updated_at: template.created_at,
    });
    expect(await listAll(company.token)).toEqual([template]);
    const file = await call('POST', '/create-template-file', {
      token: company.token,
      form: form({ template_id: template.id, name: 'Assembly guide' }, { bytes: fixture('sample.pdf'), name: 'g.pdf' }),
    });
    expect(file.status).toBe(200);
    expect(
      (await call('GET', `/view-template-files/${template.id}`, { token: company.token })).body.files,
    ).toHaveLength(1);
  });

  it('refuses bad input with 400 and the field, and writes nothing', async () => {
    const fresh = await putTestCompany('templates-bad-input');
    const cases: Array<[unknown, string]> = [
      [{ model_id: MODEL }, 'name'],
      [{ name: ' ', model_id: MODEL }, 'name'],
      [{ name: 'x'.repeat(201), model_id: MODEL }, 'name'],
      [{ name: 'T' }, 'model_id'],
      [{ name: 'T', model_id: 'model-1' }, 'model_id'],
      [{ name: 'T', model_id: MODEL, company_id: demo.acme.company.id }, 'company_id'],
    ];
    for (const [body, path] of cases) {
      const reply = await create(fresh, body);
      expect({ body, status: reply.status, code: reply.body.code }).toEqual({
        body,
        status: 400,
        code: 'VALIDATION_ERROR',
      });
      expect(reply.body.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect(await listAll(fresh.token)).toEqual([]);
  });

  it('answers a retry with the same Idempotency-Key with the first answer and creates one template', async () => {
    const fresh = await putTestCompany('templates-retry');
    const headers = { 'idempotency-key': 'create-template-retry-1' };
    const first = await create(fresh, { name: 'Retried', model_id: MODEL }, headers);
    const again = await create(fresh, { name: 'Retried', model_id: MODEL }, headers);
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await listAll(fresh.token)).map((t) => t.id)).toEqual([first.body.template.id]);
  });
});

describe('GET /templates', () => {
  let company: TestCompany;
  let ids: string[];
  beforeAll(async () => {
    company = await putTestCompany('templates-list');
    ids = [];
    for (const name of ['First', 'Second', 'Third']) {
      const reply = await create(company, { name, model_id: MODEL });
      ids.push(reply.body.template.id);
    }
  });

  it("lists the company's templates oldest first, paged with limit and cursor", async () => {
    const first = await call('GET', '/templates?limit=2', { token: company.token });
    expect(first.body.templates.map((t: { id: string }) => t.id)).toEqual(ids.slice(0, 2));
    const second = await call('GET', `/templates?limit=2&cursor=${first.body.nextCursor}`, { token: company.token });
    expect(second.body.templates.map((t: { id: string }) => t.id)).toEqual(ids.slice(2));
    expect(second.body.nextCursor).toBeUndefined();
  });

  it('shows seeded templates too, only the caller’s, and refuses another company’s cursor', async () => {
    const acme = await tokenFor('acme');
    const acmeTemplates = await listAll(acme);
    expect(acmeTemplates).toContainEqual(
      expect.objectContaining({
        id: demo.acme.template.id,
        company_id: demo.acme.company.id,
        model_id: demo.acme.template.model_id,
      }),
    );
    expect(acmeTemplates.map((t) => t.id)).not.toContain(ids[0]);
    const { body } = await call('GET', '/templates?limit=1', { token: company.token });
    const replayed = await call('GET', `/templates?limit=1&cursor=${body.nextCursor}`, { token: acme });
    expect(replayed).toMatchObject({ status: 400, body: { code: 'INVALID_CURSOR' } });
    // A cursor of the company's DPP list is not one of its template list.
    expect((await call('GET', `/dpps?cursor=${body.nextCursor}`, { token: company.token })).status).toBe(400);
  });
});

describe('PUT /templates/{templateId}', () => {
  let company: TestCompany;
  beforeAll(async () => {
    company = await putTestCompany('templates-update');
  });

  const update = (templateId: string, body: unknown, token = company.token) =>
    call('PUT', `/templates/${templateId}`, { token, ...json(body) });

  it('renames a template and changes its model, setting updated_at', async () => {
    const { template } = (await create(company, { name: 'Draft', model_id: MODEL })).body;
    await new Promise((wake) => setTimeout(wake, 5));
    const renamed = await update(template.id, { name: 'Final' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.template).toEqual({ ...template, name: 'Final', updated_at: renamed.body.template.updated_at });
    expect(renamed.body.template.updated_at > template.updated_at).toBe(true);
    const moved = await update(template.id, { model_id: OTHER_MODEL });
    expect(moved.body.template).toMatchObject({ name: 'Final', model_id: OTHER_MODEL });
    expect(await listAll(company.token)).toEqual([moved.body.template]);
  });

  it('refuses no field and unknown fields with 400, writing nothing', async () => {
    const { template } = (await create(company, { name: 'Kept', model_id: MODEL })).body;
    for (const [body, path] of [
      [{}, 'body'],
      [{ name: '' }, 'name'],
      [{ model_id: 'x' }, 'model_id'],
      [{ name: 'New', company_id: demo.acme.company.id }, 'company_id'],
    ] as const) {
      const reply = await update(template.id, body);
      expect({ body, status: reply.status }).toEqual({ body, status: 400 });
      expect(reply.body.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect((await listAll(company.token)).find((t) => t.id === template.id)).toEqual(template);
    expect((await update('not-a-uuid', { name: 'x' })).status).toBe(400);
  });

  it('sets a profile and its category, both together, and keeps them when other fields change', async () => {
    const { template } = (await create(company, { name: 'Pack', model_id: MODEL })).body;
    const profiled = await update(template.id, { profile: 'battery-passport', category: 'lmt' });
    expect(profiled.status).toBe(200);
    expect(profiled.body.template).toMatchObject({ name: 'Pack', profile: 'battery-passport', category: 'lmt' });
    const changed = await update(template.id, { profile: 'espr-minimum', category: 'general', name: 'Pack 2' });
    expect(changed.body.template).toMatchObject({ name: 'Pack 2', profile: 'espr-minimum', category: 'general' });
    // Other fields leave them as they are.
    const renamed = await update(template.id, { name: 'Pack 3' });
    expect(renamed.body.template).toMatchObject({ profile: 'espr-minimum', category: 'general' });
    expect((await listAll(company.token)).find((t) => t.id === template.id)).toEqual(renamed.body.template);
  });

  it.each([
    [{ profile: 'no-such-profile', category: 'ev' }, 'profile'],
    [{ profile: 'battery-passport', category: 'general' }, 'category'],
    [{ profile: 'battery-passport' }, 'category'],
    [{ category: 'ev' }, 'category'],
    [{ profile: null, category: null }, 'profile'],
  ])('refuses %j as POST /templates does, naming %s, and changes nothing', async (body, path) => {
    const { template } = (await create(company, { name: 'Unprofiled', model_id: MODEL })).body;
    const reply = await update(template.id, body);
    expect({ status: reply.status, code: reply.body.code }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    expect(reply.body.details.map((d: { path: string }) => d.path)).toContain(path);
    // The same answer as creating a template with it.
    const created = await create(company, { name: 'Refused', model_id: MODEL, ...body });
    expect(created.body.details).toEqual(reply.body.details.filter((d: { path: string }) => d.path !== 'body'));
    expect((await listAll(company.token)).find((t) => t.id === template.id)).toEqual(template);
  });

  it("answers another company's template exactly as an unknown one, 404, and changes nothing", async () => {
    const foreign = await update(demo.acme.template.id, { name: 'stolen' });
    const unknown = await update('01a21000-ffff-7000-8000-000000000000', { name: 'stolen' });
    expect(foreign).toMatchObject({ status: 404, body: { error: 'template not found', code: 'TEMPLATE_NOT_FOUND' } });
    expect(unknown.body).toEqual(foreign.body);
    const acme = await listAll(await tokenFor('acme'));
    expect(acme.find((t) => t.id === demo.acme.template.id)).toMatchObject({ name: demo.acme.template.name });
  });
});
