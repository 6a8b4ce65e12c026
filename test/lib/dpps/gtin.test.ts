import { readFileSync } from 'node:fs';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { gs1CheckDigit, isGtin14, MAX_SERIAL_LENGTH, searchIdOf, serialOf } from '../../../lib/dpps/gtin';

describe('GTIN-14', () => {
  it('accepts the demo DPPs’ codes, each ending in its GS1 check digit', () => {
    const demo = readFileSync('infra/local/demo-data.json', 'utf8');
    const codes = [...demo.matchAll(/"code": "(\d+)"/g)].map((m) => m[1]!);
    expect(codes.length).toBeGreaterThan(3);
    for (const code of codes) expect(isGtin14(code), code).toBe(true);
  });

  it('computes the check digit of GS1’s own example (GTIN-13 629104150021, check digit 3)', () => {
    expect(gs1CheckDigit('629104150021')).toBe(3);
    expect(isGtin14('06291041500213')).toBe(true);
  });

  it('refuses a wrong check digit, another length and anything but digits', () => {
    for (const code of ['08012345000013', '8012345000012', '080123450000120', '0801234500001a', '', ' 8012345000012'])
      expect(isGtin14(code), code).toBe(false);
  });
});

describe('serial and search_id', () => {
  it('derives 20 characters of Crockford base 32 from the id, the same each time', () => {
    const id = uuidv7();
    expect(serialOf(id)).toMatch(new RegExp(`^[0-9A-HJKMNP-TV-Z]{${MAX_SERIAL_LENGTH}}$`));
    expect(serialOf(id)).toBe(serialOf(id));
  });

  it('sorts serials as their ids sort (by creation time) and keeps ids of one millisecond apart', () => {
    const ids = [uuidv7({ msecs: 1_000 }), uuidv7({ msecs: 1_000 }), uuidv7({ msecs: 2_000 })];
    const serials = ids.map(serialOf);
    expect(new Set(serials).size).toBe(3);
    expect(serials[0]!.slice(0, 9)).toBe(serials[1]!.slice(0, 9));
    expect(serials[2]! > serials[1]! && serials[2]! > serials[0]!).toBe(true);
  });

  it('is the GS1 Digital Link path of the item: AI 01 the GTIN, AI 21 the serial', () => {
    expect(searchIdOf('08012345000012', 'X1-000123')).toBe('01/08012345000012/21/X1-000123');
  });
});
