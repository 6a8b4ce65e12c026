import type * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import type { importStatusView } from '../../lib/api/routes/import-views';
import example from '../../lib/profiles/data/examples/battery-passport-ev.json';
import { call, json, putVerifiedTestCompany, type TestCompany, tokenFor } from '../support/api';

/**
 * Bulk import over HTTP against the local stack (docs/behaviour.md, Bulk import): POST /imports,
 * the file PUT to its presigned URL, the local S3 engine's event queued (infra/local/import-queue.ts)
 * and run by the import worker's own handler; then the status, the counts and the per-row report.
 * Writes go to a company of the file's own, so the counts are exactly this file's.
 */
const MODEL = '01a29000-0000-7000-8000-00000000c001';
/** A valid GTIN-14 (GS1 check digit) from 13 digits. */
function gtin(body13: string): string {
  const digits = body13.split('').map(Number);
  const sum = digits.reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return `${body13}${(10 - (sum % 10)) % 10}`;
}
// A GTIN of its own: the demo's (08012345000012, the resolver's product-level fuzz target) must keep its few links.
const CODE = gtin('0801234599991');

/**
 * 2,000 data rows of battery passports (the import names the profile and category), `;`-separated
 * with a BOM, a quoted newline in row 2's description, three attributes of an aspect as
 * `<Aspect>:<JSON pointer>` columns (one of them dynamic); rows 10, 500 and 1500 invalid (a bad
 * check digit, no name, an unknown language); row 1999 names row 7's product again (DUPLICATE_IN_FILE).
 */
function csvFile(): string {
  const lines = [
    'name;description;type;code;model_id;language;serial;GeneralProductInformation:/productIdentifier;GeneralProductInformation:/batteryMass;GeneralProductInformation:/batteryStatus',
  ];
  for (let row = 1; row <= 2000; row++) {
    let name = `Battery ${row}`;
    let code = CODE;
    let language = 'en';
    let serial = `SN${String(row).padStart(6, '0')}`;
    let description = `Pack ${row}`;
    if (row === 2) description = '"Two lines;\nwith ""quotes"""';
    if (row === 10) code = `${CODE.slice(0, 13)}${(Number(CODE[13]) + 1) % 10}`;
    if (row === 500) name = '';
    if (row === 1500) language = 'xx';
    if (row === 1999) serial = 'SN000007';
    lines.push(
      [
        name,
        description,
        'battery',
        code,
        MODEL,
        language,
        serial,
        `VC-${row}`,
        `${400 + (row % 100)}.5`,
        'Original',
      ].join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

const PROFILED = { format: 'csv', profile: 'battery-passport', category: 'ev' };

/** What `GET /imports/{importId}` answers: its row's response. */
type ImportStatus = v.InferOutput<typeof importStatusView>;

async function runImport(
  company: TestCompany,
  mode: 'create' | 'upsert',
  file: string,
  options: Record<string, unknown> = { format: 'csv' },
): Promise<ImportStatus> {
  const created = await call('POST', '/imports', {
    token: company.token,
    ...json({ format: 'csv', ...options, mode }),
  });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ status: 'waiting_upload', rows: 0, upload: { method: 'PUT' } });
  const expires = Date.parse(created.body.upload.expires_at) - Date.now();
  expect(expires).toBeLessThanOrEqual(15 * 60 * 1000);
  const put = await fetch(created.body.upload.url, { method: 'PUT', headers: created.body.upload.headers, body: file });
  expect(put.status).toBe(200);
  const id = created.body.importId as string;
  for (;;) {
    const reply = await call<ImportStatus>('GET', `/imports/${id}`, { token: company.token });
    expect(reply.status).toBe(200);
    if (reply.body.status === 'done' || reply.body.status === 'failed') return reply.body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a bulk import of a CSV file', () => {
  let company: TestCompany;
  let first: ImportStatus;
  const file = csvFile();
  beforeAll(async () => {
    company = await putVerifiedTestCompany('imports', 'Import Test S.r.l.');
    first = await runImport(company, 'create', file, PROFILED);
  }, 180_000);

  it('creates a passport per valid row and fails the invalid and duplicate rows, not the file', () => {
    expect(first).toMatchObject({
      status: 'done',
      rows: 2000,
      created: 1996,
      updated: 0,
      unchanged: 0,
      failed: 4,
      percent: 100,
    });
  });

  it('reports each failed row with its column and the message POST /dpps gives', async () => {
    const reply = await call('GET', `/imports/${first.importId}/rows?status=failed`, { token: company.token });
    expect(reply.status).toBe(200);
    const rows = reply.body.rows as Array<{
      row: number;
      status: string;
      errors: Array<{ column?: string; code?: string; message: string }>;
    }>;
    expect(rows.map((row) => row.row)).toEqual([10, 500, 1500, 1999]);
    expect(rows.every((row) => row.status === 'failed')).toBe(true);
    const byRow = Object.fromEntries(rows.map((row) => [row.row, row.errors]));
    expect(byRow[10]).toEqual([
      expect.objectContaining({ column: 'code', message: expect.stringMatching(/check digit/) }),
    ]);
    expect(byRow[500]).toEqual([expect.objectContaining({ column: 'name' })]);
    expect(byRow[1500]).toEqual([
      expect.objectContaining({ column: 'language', message: expect.stringMatching(/ISO 639-1/) }),
    ]);
    expect(byRow[1999]).toEqual([expect.objectContaining({ column: 'serial', code: 'DUPLICATE_IN_FILE' })]);
  });

  it('keeps a quoted newline and the delimiter inside a value', async () => {
    const reply = await call('GET', `/imports/${first.importId}/rows?status=created&limit=2`, { token: company.token });
    const second = reply.body.rows.find((row: { row: number }) => row.row === 2);
    const dpp = await call('GET', `/dpps/${second.dppId}`, { token: company.token });
    expect(dpp.body.dpp.description).toBe('Two lines;\nwith "quotes"');
    expect(dpp.body.dpp.search_id).toBe(`01/${CODE}/21/SN000002`);
  });

  it('writes a row’s aspect columns as its passport’s documents, with its completeness and the dynamic one’s history', async () => {
    const reply = await call('GET', `/imports/${first.importId}/rows?status=created&limit=2`, { token: company.token });
    const second = reply.body.rows.find((row: { row: number }) => row.row === 2);
    const aspect = await call('GET', `/dpps/${second.dppId}/aspects/GeneralProductInformation`, {
      token: company.token,
    });
    expect(aspect.status).toBe(200);
    // Each cell read as the profile's type at its pointer: the mass a number, the status one of its enum.
    expect(aspect.body).toEqual({ productIdentifier: 'VC-2', batteryMass: 402.5, batteryStatus: 'Original' });
    const completeness = await call('GET', `/dpps/${second.dppId}/completeness`, { token: company.token });
    expect(completeness.body).toMatchObject({ profile: 'battery-passport', category: 'ev', complete: false });
    expect(second.completeness).toEqual({
      complete: false,
      mandatory: completeness.body.mandatory,
      present: completeness.body.present,
      missing: completeness.body.missing.map((m: { aspect: string; path: string }) => `/${m.aspect}${m.path}`),
    });
    expect(second.completeness.present).toBe(3);
    const history = await call('GET', `/dpps/${second.dppId}/aspects-history`, { token: company.token });
    expect(history.body.changes).toEqual([
      expect.objectContaining({ attribute: 'battery-status', new: 'Original', changed_by: company.admin.id }),
    ]);
  });

  it('creates nothing and changes nothing when the same file runs again in upsert mode', async () => {
    const again = await runImport(company, 'upsert', file, PROFILED);
    expect(again).toMatchObject({ status: 'done', rows: 2000, created: 0, updated: 0, unchanged: 1996, failed: 4 });
  }, 120_000);

  it('refuses the products again in create mode, each row DUPLICATE', async () => {
    const small = `${file.split('\r\n').slice(0, 4).join('\r\n')}\r\n`;
    const again = await runImport(company, 'create', small);
    expect(again).toMatchObject({ status: 'done', rows: 3, created: 0, failed: 3 });
    const reply = await call('GET', `/imports/${again.importId}/rows?status=failed`, { token: company.token });
    expect(reply.body.rows[0].errors[0]).toMatchObject({ column: 'serial', code: 'DUPLICATE' });
  });

  it('fails a file that is not UTF-8 before writing anything, with its reason', async () => {
    const latin1 = Buffer.from('name;code\nBatterie größe;1\n', 'latin1').toString('binary');
    const created = await call('POST', '/imports', { token: company.token, ...json({ format: 'csv' }) });
    await fetch(created.body.upload.url, {
      method: 'PUT',
      headers: created.body.upload.headers,
      body: Buffer.from(latin1, 'binary'),
    });
    let reply = await call('GET', `/imports/${created.body.importId}`, { token: company.token });
    while (reply.body.status !== 'failed' && reply.body.status !== 'done') {
      await new Promise((resolve) => setTimeout(resolve, 200));
      reply = await call('GET', `/imports/${created.body.importId}`, { token: company.token });
    }
    expect(reply.body).toMatchObject({
      status: 'failed',
      rows: 0,
      created: 0,
      reason: expect.stringMatching(/not UTF-8/),
    });
  });

  it('renames a saved mapping’s headers, and in a dry run reports what it would do without writing', async () => {
    const mapping = await call('POST', '/import-mappings', {
      token: company.token,
      ...json({ name: 'ERP', columns: { Artikel: 'name', EAN: 'code', Seriennummer: 'serial' } }),
    });
    expect(mapping.status).toBe(201);
    const file = [
      'Artikel,EAN,Seriennummer,type,model_id,language',
      `Renamed,${CODE},SN000001,battery,${MODEL},en`,
      `New,${CODE},NEW0001,battery,${MODEL},en`,
    ].join('\n');
    const dry = await runImport(company, 'upsert', file, {
      mapping_id: mapping.body.mapping.mapping_id,
      dry_run: true,
    });
    expect(dry).toMatchObject({ status: 'done', rows: 2, created: 1, updated: 1, failed: 0 });
    const rows = await call('GET', `/imports/${dry.importId}/rows`, { token: company.token });
    expect(rows.body.rows.find((row: { row: number }) => row.row === 2).dppId).toBeUndefined();
    // Nothing written: the product of row 1 keeps its name, and the new one has no passport.
    const again = await runImport(company, 'upsert', file, {
      mapping_id: mapping.body.mapping.mapping_id,
      dry_run: true,
    });
    expect(again).toMatchObject({ created: 1, updated: 1 });
  });

  it('reads JSONL the same way, refusing unknown fields row by row and aspects of a passport without a profile', async () => {
    const lines = [
      {
        name: 'Battery 3',
        description: 'Pack 3',
        type: 'battery',
        gtin: CODE,
        model_id: MODEL,
        language: 'en',
        serial: 'SN000003',
      },
      { name: 'X', type: 'battery', code: CODE, model_id: MODEL, language: 'en', serial: 'J1', colour: 'red' },
      {
        name: 'Y',
        type: 'battery',
        code: CODE,
        model_id: MODEL,
        language: 'en',
        serial: 'J2',
        aspects: { battery: {} },
      },
    ].map((line) => JSON.stringify(line));
    const result = await runImport(company, 'upsert', `${lines.join('\n')}\n`, { format: 'jsonl' });
    expect(result).toMatchObject({ status: 'done', rows: 3, unchanged: 1, failed: 2 });
    const failed = await call('GET', `/imports/${result.importId}/rows?status=failed`, { token: company.token });
    expect(failed.body.rows.map((row: { errors: unknown[] }) => row.errors)).toEqual([
      [expect.objectContaining({ column: 'colour', code: 'VALIDATION_ERROR' })],
      [expect.objectContaining({ path: '/aspects', code: 'PROFILE_REQUIRED' })],
    ]);
    const profiled = await call('POST', '/imports', {
      token: company.token,
      ...json({ format: 'jsonl', profile: 'battery' }),
    });
    expect(profiled.status).toBe(400);
    expect(profiled.body.details).toEqual([expect.objectContaining({ path: 'profile' })]);
  });

  it('lists the company’s imports, and another company’s token cannot tell them from unknown ones', async () => {
    const list = await call('GET', '/imports', { token: company.token });
    expect(list.body.imports.map((i: { importId: string }) => i.importId)).toContain(first.importId);
    const globex = await tokenFor('globex');
    expect((await call('GET', `/imports/${first.importId}`, { token: globex })).status).toBe(404);
    expect((await call('GET', `/imports/${first.importId}/rows`, { token: globex })).status).toBe(404);
    expect((await call('GET', `/imports/01a19656-4aff-7000-8000-0000000000ff`, { token: globex })).status).toBe(404);
  });
});

describe('a bulk import of profiled passports', () => {
  let company: TestCompany;
  const code = gtin('0801234599993');
  const row = (serial: string, aspects: Record<string, unknown>) =>
    JSON.stringify({
      name: `EV pack ${serial}`,
      type: 'battery',
      code,
      model_id: MODEL,
      language: 'en',
      serial,
      profile: 'battery-passport',
      category: 'ev',
      aspects,
    });
  const file = `${[
    row('EV1', example.aspects),
    row('EV2', {
      GeneralProductInformation: { ...example.aspects.GeneralProductInformation, batteryMass: 'heavy' },
    }),
    row('EV3', { Colour: { shade: 'red' } }),
  ].join('\n')}\n`;
  beforeAll(async () => {
    company = await putVerifiedTestCompany('imports-profiled', 'Profiled Import S.r.l.');
  });

  it('checks each row’s aspects as the aspect routes do, each problem at its JSON pointer, and in a dry run gives completeness writing nothing', async () => {
    const dry = await runImport(company, 'create', file, { format: 'jsonl', dry_run: true });
    expect(dry).toMatchObject({ status: 'done', rows: 3, created: 1, failed: 2 });
    const rows = (await call('GET', `/imports/${dry.importId}/rows`, { token: company.token })).body.rows;
    const byRow = Object.fromEntries(rows.map((r: { row: number }) => [r.row, r]));
    expect(byRow[1]).toMatchObject({ status: 'created', completeness: { complete: true, missing: [] } });
    expect(byRow[1].dppId).toBeUndefined();
    expect(byRow[2].errors).toEqual([
      {
        path: '/aspects/GeneralProductInformation/batteryMass',
        message: 'must be a number (in kg)',
        code: 'INVALID_ASPECT',
      },
    ]);
    expect(byRow[3].errors).toEqual([
      expect.objectContaining({
        path: '/aspects/Colour',
        code: 'ASPECT_NOT_FOUND',
        message: expect.stringMatching(/^no such aspect in the profile battery-passport/),
      }),
    ]);
    const list = await call('GET', '/dpps', { token: company.token });
    expect(list.body.dpps ?? []).toEqual([]);
  });

  it('creates the complete passport, and a nightly upsert of a dynamic attribute alone records its change in the history', async () => {
    const created = await runImport(company, 'create', file, { format: 'jsonl' });
    expect(created).toMatchObject({ status: 'done', created: 1, failed: 2 });
    const rows = (await call('GET', `/imports/${created.importId}/rows?status=created`, { token: company.token })).body
      .rows;
    const dppId = rows[0].dppId as string;
    const completeness = await call('GET', `/dpps/${dppId}/completeness`, { token: company.token });
    expect(completeness.body).toMatchObject({ complete: true });
    const before = (await call('GET', `/dpps/${dppId}/aspects-history`, { token: company.token })).body.changes.length;
    const soc = 'PerformanceAndDurability:/batteryCondition/stateOfCharge';
    const feed = [
      `code,serial,${soc}/stateOfChargeValue,${soc}/lastUpdate`,
      `${code},EV1,55.5,2027-04-01T08:00:00Z`,
    ].join('\n');
    const nightly = await runImport(company, 'upsert', feed);
    expect(nightly).toMatchObject({ status: 'done', rows: 1, updated: 1, failed: 0 });
    const history = (await call('GET', `/dpps/${dppId}/aspects-history?limit=100`, { token: company.token })).body
      .changes;
    expect(history).toHaveLength(before + 1);
    expect(history.at(-1)).toMatchObject({
      attribute: 'state-of-charge',
      old: example.aspects.PerformanceAndDurability.batteryCondition.stateOfCharge,
      new: { stateOfChargeValue: 55.5, lastUpdate: '2027-04-01T08:00:00Z' },
    });
    // The rest of the document is as it was: the feed is merged, as PATCH merges.
    const aspect = await call('GET', `/dpps/${dppId}/aspects/PerformanceAndDurability`, { token: company.token });
    expect(aspect.body.batteryTechicalProperties).toEqual(
      example.aspects.PerformanceAndDurability.batteryTechicalProperties,
    );
    expect(await runImport(company, 'upsert', feed)).toMatchObject({ unchanged: 1, updated: 0 });
  });
});
