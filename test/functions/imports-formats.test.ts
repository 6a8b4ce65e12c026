import { beforeAll, describe, expect, it } from 'vitest';
import { call, json, putVerifiedTestCompany, type TestCompany } from '../support/api';
import { xlsxOf } from '../support/xlsx';

/**
 * The same 50 rows of profiled battery passports as CSV, XLSX and JSONL (docs/behaviour.md, Bulk
 * import), each imported over HTTP by a company of its own (a product's GTIN and serial name one
 * passport in the whole service, so each file has its GTIN): the passports they end in are the
 * same, field by field and aspect by aspect, but for that GTIN.
 */
const MODEL = '01a29000-0000-7000-8000-00000000c003';
const ROWS = 50;

function gtin(body13: string): string {
  const digits = body13.split('').map(Number);
  const sum = digits.reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return `${body13}${(10 - (sum % 10)) % 10}`;
}

const MASS = 'GeneralProductInformation:/batteryMass';
const ID = 'GeneralProductInformation:/productIdentifier';
const SOC = 'PerformanceAndDurability:/batteryCondition/stateOfCharge/stateOfChargeValue';
const SOC_AT = 'PerformanceAndDurability:/batteryCondition/stateOfCharge/lastUpdate';
const HEADER = ['name', 'description', 'type', 'code', 'model_id', 'language', 'serial', MASS, ID, SOC, SOC_AT];

/** Row i's cells: a description with the delimiter, a quote and a non-ASCII letter, numbers as numbers. */
const cells = (code: string, i: number) => [
  `Pack ${i}`,
  `Größe ${i}; "EV", ${i % 7} modules`,
  'battery',
  code,
  MODEL,
  'en',
  `F${String(i).padStart(4, '0')}`,
  400 + i / 4,
  `VC-${i}`,
  i % 101,
  `2027-03-${String((i % 28) + 1).padStart(2, '0')}T08:00:00Z`,
];

const files = {
  csv: (code: string) => {
    const quote = (cell: string | number) =>
      typeof cell === 'number' ? String(cell) : `"${cell.replace(/"/g, '""')}"`;
    return `${[HEADER, ...Array.from({ length: ROWS }, (_, i) => cells(code, i + 1))].map((row) => row.map(quote).join(',')).join('\r\n')}\r\n`;
  },
  xlsx: (code: string) => xlsxOf([HEADER, ...Array.from({ length: ROWS }, (_, i) => cells(code, i + 1))]),
  jsonl: (code: string) =>
    `${Array.from({ length: ROWS }, (_, i) => {
      const [name, description, type, , model_id, language, serial, mass, id, soc, at] = cells(code, i + 1);
      return JSON.stringify({
        name,
        description,
        type,
        code,
        model_id,
        language,
        serial,
        aspects: {
          GeneralProductInformation: { batteryMass: mass, productIdentifier: id },
          PerformanceAndDurability: {
            batteryCondition: { stateOfCharge: { stateOfChargeValue: soc, lastUpdate: at } },
          },
        },
      });
    }).join('\n')}\n`,
};
type Format = keyof typeof files;

async function importAs(format: Format, prefix: string, code: string) {
  const company: TestCompany = await putVerifiedTestCompany(prefix, `${format} S.r.l.`);
  const created = await call('POST', '/imports', {
    token: company.token,
    ...json({ format, profile: 'battery-passport', category: 'ev' }),
  });
  expect(created.status).toBe(201);
  const put = await fetch(created.body.upload.url, {
    method: 'PUT',
    headers: created.body.upload.headers,
    body: files[format](code),
  });
  expect(put.status).toBe(200);
  let status = await call('GET', `/imports/${created.body.importId}`, { token: company.token });
  while (status.body.status !== 'done' && status.body.status !== 'failed') {
    await new Promise((resolve) => setTimeout(resolve, 200));
    status = await call('GET', `/imports/${created.body.importId}`, { token: company.token });
  }
  const rows = await call('GET', `/imports/${created.body.importId}/rows?limit=${ROWS}`, { token: company.token });
  expect({ ...status.body, first: rows.body.rows[0] }).toMatchObject({
    status: 'done',
    rows: ROWS,
    created: ROWS,
    failed: 0,
  });
  // Each passport as the company reads it, its GTIN taken out: a row's three reads at once, row
  // after row (150 requests at once would only measure how a busy machine answers 503).
  const passports = [];
  for (const row of rows.body.rows as Array<{ row: number; dppId: string; completeness: unknown }>) {
    const [dpp, general, performance] = await Promise.all([
      call('GET', `/dpps/${row.dppId}`, { token: company.token }),
      call('GET', `/dpps/${row.dppId}/aspects/GeneralProductInformation`, { token: company.token }),
      call('GET', `/dpps/${row.dppId}/aspects/PerformanceAndDurability`, { token: company.token }),
    ]);
    expect([dpp.status, general.status, performance.status], `row ${row.row}`).toEqual([200, 200, 200]);
    const { name, description, type, language, search_id, profile, category } = dpp.body.dpp;
    passports.push({
      row: row.row,
      completeness: row.completeness,
      dpp: { name, description, type, language, serial: search_id.split('/21/')[1], profile, category },
      aspects: { general: general.body, performance: performance.body },
    });
  }
  return passports;
}

describe('CSV, XLSX and JSONL of the same rows', () => {
  const passports: Partial<Record<Format, Awaited<ReturnType<typeof importAs>>>> = {};
  beforeAll(async () => {
    passports.csv = await importAs('csv', 'formats-csv', gtin('0801234599994'));
    passports.xlsx = await importAs('xlsx', 'formats-xlsx', gtin('0801234599995'));
    passports.jsonl = await importAs('jsonl', 'formats-jsonl', gtin('0801234599996'));
  }, 120_000);

  it('end in the same passports, but for their GTIN', () => {
    expect(passports.csv).toHaveLength(ROWS);
    expect(passports.csv?.[1]).toMatchObject({
      dpp: { name: 'Pack 2', description: 'Größe 2; "EV", 2 modules', serial: 'F0002', profile: 'battery-passport' },
      aspects: {
        general: { batteryMass: 400.5, productIdentifier: 'VC-2' },
        performance: { batteryCondition: { stateOfCharge: { stateOfChargeValue: 2 } } },
      },
      completeness: { complete: false },
    });
    expect(passports.xlsx).toEqual(passports.csv);
    expect(passports.jsonl).toEqual(passports.csv);
  });
});
