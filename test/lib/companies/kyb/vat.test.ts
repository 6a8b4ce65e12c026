import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { KybData } from '../../../../lib/companies/kyb/model';
import {
  checkKybData,
  checkVatNumber,
  isSdiOrPec,
  VIES_COUNTRY_CODES,
  viesCountryOf,
} from '../../../../lib/companies/kyb/vat';
import { verifyBusinessInput } from '../../../../lib/companies/kyb/verify-business';

/** One valid VAT number per VIES member state (stdnum's own test vectors), as people write them. */
const VALID: Record<string, [written: string, vies: string]> = {
  AT: ['AT U13585627', 'U13585627'],
  BE: ['BE403019261', '0403019261'],
  BG: ['BG 175 074 752', '175074752'],
  CY: ['CY-10259033P', '10259033P'],
  CZ: ['CZ 25123891', '25123891'],
  DE: ['DE136695976', '136695976'],
  DK: ['DK 13585628', '13585628'],
  EE: ['100594102', '100594102'],
  EL: ['EL 123456783', '123456783'],
  ES: ['ES B-58378431', 'B58378431'],
  FI: ['FI 20774740', '20774740'],
  FR: ['Fr 40 303 265 045', '40303265045'],
  HR: ['HR 33392005961', '33392005961'],
  HU: ['HU-12892312', '12892312'],
  IE: ['IE 6433435F', '6433435F'],
  IT: ['IT 00743110157', '00743110157'],
  LT: ['119511515', '119511515'],
  LU: ['LU 150 274 42', '15027442'],
  LV: ['LV 4000 3521 600', '40003521600'],
  MT: ['MT 1167-9112', '11679112'],
  NL: ['004495445B01', '004495445B01'],
  PL: ['PL 8567346215', '8567346215'],
  PT: ['PT 501 964 843', '501964843'],
  RO: ['RO 185 472 90', '18547290'],
  SE: ['SE 123456789701', '123456789701'],
  SI: ['SI 5022 3054', '50223054'],
  SK: ['SK 202 274 96 19', '2022749619'],
  XI: ['XI 980 7806 84', '980780684'],
};

const italian: KybData = {
  company_name: 'Acme Bikes S.r.l.',
  vat_number: 'IT11111110018',
  street_address: 'Via delle Biciclette 1',
  zip_or_postal_code: '20121',
  city_or_town: 'Milano',
  district_or_province: 'MI',
  sdi_or_pec: 'M5UXCR1',
  rea_code: 'MI-1234567',
  country_code: 'IT',
};

describe('checkVatNumber', () => {
  it('covers exactly the 27 member states (Greece as EL) and Northern Ireland (XI)', () => {
    expect(VIES_COUNTRY_CODES).toEqual(Object.keys(VALID).sort());
    expect(VIES_COUNTRY_CODES).toHaveLength(28);
  });

  it.each(Object.entries(VALID))(
    'accepts a valid %s number and gives it as VIES takes it',
    (country, [written, vies]) => {
      expect(checkVatNumber(country, written)).toEqual({ ok: true, vat: { countryCode: country, vatNumber: vies } });
    },
  );

  it.each(Object.entries(VALID))(
    'refuses a %s number with one digit changed, naming the number type',
    (country, [, vies]) => {
      const changed = vies.replace(/\d/, (digit) => String((Number(digit) + 1) % 10));
      const result = checkVatNumber(country, changed);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.message).toMatch(/^is not a valid .+: .+/);
    },
  );

  it('takes a Greek number with the prefix EL or GR, and a Northern Irish one with XI', () => {
    expect(checkVatNumber('EL', 'GR123456783')).toEqual({
      ok: true,
      vat: { countryCode: 'EL', vatNumber: '123456783' },
    });
    expect(checkVatNumber('EL', 'el 123 456 783')).toMatchObject({ ok: true });
    expect(checkVatNumber('XI', 'XI123456782')).toEqual({
      ok: true,
      vat: { countryCode: 'XI', vatNumber: '123456782' },
    });
  });

  it("refuses another country's prefix (its digits are not this country's number)", () => {
    expect(checkVatNumber('IT', 'DE136695976')).toMatchObject({ ok: false });
  });

  it('names the problem: length, format, checksum', () => {
    expect(checkVatNumber('IT', '1234')).toEqual({
      ok: false,
      message: 'is not a valid Italian VAT Number: The number has an invalid length',
    });
    expect(checkVatNumber('IT', '11111110019')).toEqual({
      ok: false,
      message: 'is not a valid Italian VAT Number: The number checksum or check digit is invalid',
    });
  });

  it('checks an Italian codice fiscale as one, and refuses a valid one (VIES confirms only VAT numbers)', () => {
    const invalid = checkVatNumber('IT', 'RSSMRA85T10A562X');
    expect(invalid).toEqual({
      ok: false,
      message: 'is not a valid codice fiscale: The number checksum or check digit is invalid',
    });
    const valid = checkVatNumber('IT', 'RSSMRA85T10A562S');
    expect(valid).toMatchObject({ ok: false, message: expect.stringContaining('send the partita IVA') });
  });
});

describe('viesCountryOf', () => {
  it("maps Greece's ISO code to VIES's and knows no country outside VIES", () => {
    expect(viesCountryOf('gr')).toBe('EL');
    expect(viesCountryOf(' it ')).toBe('IT');
    expect(viesCountryOf('GB')).toBeUndefined();
    expect(viesCountryOf('US')).toBeUndefined();
    expect(viesCountryOf('__proto__')).toBeUndefined();
  });
});

describe('isSdiOrPec', () => {
  it.each(['M5UXCR1', '0000000', 'abc1234', 'fatture@pec.acme.it'])('accepts %s', (value) => {
    expect(isSdiOrPec(value)).toBe(true);
  });
  it.each(['', 'M5UXCR', 'M5UXCR12', 'M5UX-R1', 'not-an-address', 'a@'])('refuses %j', (value) => {
    expect(isSdiOrPec(value)).toBe(false);
  });
});

describe('checkKybData', () => {
  it('gives the VAT number as VIES takes it when every check passes', () => {
    expect(checkKybData(italian)).toEqual({ issues: [], vat: { countryCode: 'IT', vatNumber: '11111110018' } });
  });

  it('requires an SDI code or a PEC address only for Italy', () => {
    expect(checkKybData({ ...italian, sdi_or_pec: '' }).issues).toEqual([
      { field: 'sdi_or_pec', message: expect.stringContaining('SDI') },
    ]);
    const greek = { ...italian, country_code: 'GR', vat_number: '123456783', sdi_or_pec: '' };
    expect(checkKybData(greek)).toEqual({ issues: [], vat: { countryCode: 'EL', vatNumber: '123456783' } });
  });

  it('refuses a country VIES does not cover, saying which it does', () => {
    expect(checkKybData({ ...italian, country_code: 'GB' }).issues).toEqual([
      { field: 'country_code', message: expect.stringContaining('XI') },
    ]);
  });
});

describe('the input of POST /verify-business', () => {
  const parse = (userData: Record<string, unknown>) =>
    v.safeParse(verifyBusinessInput, { body: { userId: 'u1', userData } });
  const paths = (result: ReturnType<typeof parse>) =>
    (result.issues ?? []).map((issue) => issue.path?.map((item) => item.key).join('.'));

  it('puts each offline problem on its own field', () => {
    const result = parse({ ...italian, vat_number: 'IT11111110019', sdi_or_pec: 'nope' });
    expect(result.success).toBe(false);
    expect(paths(result)).toEqual(['body.userData.vat_number', 'body.userData.sdi_or_pec']);
  });

  it('checks the fields themselves first (every field a string, the required ones not empty)', () => {
    const { company_name: _, ...missing } = italian;
    expect(paths(parse({ ...missing, street_address: '  ' }))).toEqual([
      'body.userData.company_name',
      'body.userData.street_address',
    ]);
  });

  it('gives the use case the trimmed data and the VAT number as VIES takes it', () => {
    const result = parse({ ...italian, company_name: '  Acme Bikes S.r.l. ', country_code: 'it' });
    expect(result.success && result.output).toEqual({
      body: { userId: 'u1', userData: { ...italian, country_code: 'IT' } },
      vat: { countryCode: 'IT', vatNumber: '11111110018' },
    });
  });
});
