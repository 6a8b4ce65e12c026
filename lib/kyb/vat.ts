/**
 * Offline checks of KYB data, before VIES is asked (decisions.md, KYB): the VAT number's
 * syntax and check digits for its country, an Italian codice fiscale, and an Italian
 * `sdi_or_pec`.
 *
 * The checksums are stdnum's (koblas/stdnum-js, MIT, maintained), one ESM module per number
 * type imported directly: the 28 VAT validators of the VIES member states and the codice
 * fiscale weigh ~37 KiB minified in a function, against ~206 KiB for the package's index,
 * which holds every country's every number (README, Libraries).
 */

import * as atUid from 'stdnum/lib/esm/at/uid';
import * as beVat from 'stdnum/lib/esm/be/vat';
import * as bgVat from 'stdnum/lib/esm/bg/vat';
import * as cyVat from 'stdnum/lib/esm/cy/vat';
import * as czDic from 'stdnum/lib/esm/cz/dic';
import * as deVat from 'stdnum/lib/esm/de/vat';
import * as dkCvr from 'stdnum/lib/esm/dk/cvr';
import * as eeKmkr from 'stdnum/lib/esm/ee/kmkr';
import * as esNif from 'stdnum/lib/esm/es/nif';
import * as fiAlv from 'stdnum/lib/esm/fi/alv';
import * as frTva from 'stdnum/lib/esm/fr/tva';
import * as gbVat from 'stdnum/lib/esm/gb/vat';
import * as grVat from 'stdnum/lib/esm/gr/vat';
import * as hrOib from 'stdnum/lib/esm/hr/oib';
import * as huAnum from 'stdnum/lib/esm/hu/anum';
import * as ieVat from 'stdnum/lib/esm/ie/vat';
import * as itCodiceFiscale from 'stdnum/lib/esm/it/codicefiscale';
import * as itIva from 'stdnum/lib/esm/it/iva';
import * as ltPvm from 'stdnum/lib/esm/lt/pvm';
import * as luTva from 'stdnum/lib/esm/lu/tva';
import * as lvPvn from 'stdnum/lib/esm/lv/pvn';
import * as mtVat from 'stdnum/lib/esm/mt/vat';
import * as nlBtw from 'stdnum/lib/esm/nl/btw';
import * as plNip from 'stdnum/lib/esm/pl/nip';
import * as ptNif from 'stdnum/lib/esm/pt/nif';
import * as roCui from 'stdnum/lib/esm/ro/cui';
import * as seVat from 'stdnum/lib/esm/se/vat';
import * as siDdv from 'stdnum/lib/esm/si/ddv';
import * as skDph from 'stdnum/lib/esm/sk/dph';
import * as v from 'valibot';
import type { KybData, ViesVat } from './model';

interface NumberType {
  name: string;
  validate(value: string): { isValid: true; compact: string } | { isValid: false; error?: Error };
}

/**
 * The VAT number of each member state VIES answers for, by VIES's code: the EU's 27 (Greece
 * is `EL`, not its ISO `GR`) and Northern Ireland (`XI`, numbers of the UK's format).
 */
const VAT_NUMBERS: Readonly<Record<string, NumberType>> = {
  AT: atUid,
  BE: beVat,
  BG: bgVat,
  CY: cyVat,
  CZ: czDic,
  DE: deVat,
  DK: dkCvr,
  EE: eeKmkr,
  EL: grVat,
  ES: esNif,
  FI: fiAlv,
  FR: frTva,
  HR: hrOib,
  HU: huAnum,
  IE: ieVat,
  IT: itIva,
  LT: ltPvm,
  LU: luTva,
  LV: lvPvn,
  MT: mtVat,
  NL: nlBtw,
  PL: plNip,
  PT: ptNif,
  RO: roCui,
  SE: seVat,
  SI: siDdv,
  SK: skDph,
  XI: gbVat,
};

/** The VIES codes, sorted: what `country_code` may be (and `GR`, Greece's ISO code). */
export const VIES_COUNTRY_CODES = Object.keys(VAT_NUMBERS).sort();

/** VIES's code for a client's `country_code` (`GR` → `EL`), or undefined when VIES does not cover it. */
export function viesCountryOf(countryCode: string): string | undefined {
  const code = countryCode.trim().toUpperCase();
  const vies = code === 'GR' ? 'EL' : code;
  return Object.hasOwn(VAT_NUMBERS, vies) ? vies : undefined;
}

/** What people put between the parts of a number: spaces, dots, dashes, slashes. */
const clean = (value: string): string => value.replace(/[\s.\-/]/g, '').toUpperCase();

/** A codice fiscale of a person: 16 letters and digits (an 11-digit one is a company's, the partita IVA). */
const PERSON_TAX_CODE = /^[A-Z]{6}[0-9A-Z]{10}$/;

export type VatCheck = { ok: true; vat: ViesVat } | { ok: false; message: string };

const reason = (error: Error | undefined) => (error?.message ?? 'The number is not valid.').replace(/\.$/, '');

/**
 * The VAT number's syntax and check digits for its member state, written with or without the
 * state's prefix (`IT…`, `EL…` or `GR…`, `XI…`). For Italy, a 16-character codice fiscale is
 * checked as one; it is a person's tax code, which VIES cannot confirm, so it is refused
 * with a message that asks for the partita IVA.
 */
export function checkVatNumber(viesCountry: string, vatNumber: string): VatCheck {
  const type = VAT_NUMBERS[viesCountry];
  if (!type) return { ok: false, message: `VIES does not cover the country ${viesCountry}` };
  const value = clean(vatNumber);
  const prefixes = viesCountry === 'EL' ? ['EL', 'GR'] : [viesCountry];
  const prefix = prefixes.find((p) => value.startsWith(p));
  const bare = prefix ? value.slice(prefix.length) : value;
  if (viesCountry === 'IT' && PERSON_TAX_CODE.test(bare)) {
    const taxCode = itCodiceFiscale.validate(bare);
    if (!taxCode.isValid) return { ok: false, message: `is not a valid codice fiscale: ${reason(taxCode.error)}` };
    return {
      ok: false,
      message:
        'is a codice fiscale of a person, which VIES cannot confirm: send the partita IVA (11 digits) of the business',
    };
  }
  // Some numbers may begin with their country's letters (a French key): try the number as sent too.
  for (const candidate of prefix ? [bare, value] : [bare]) {
    const result = type.validate(candidate);
    if (result.isValid) return { ok: true, vat: { countryCode: viesCountry, vatNumber: result.compact } };
  }
  const result = type.validate(bare);
  return { ok: false, message: `is not a valid ${type.name}: ${reason(result.isValid ? undefined : result.error)}` };
}

/** An SDI code: 7 letters or digits (`0000000` when invoices go to a PEC address). */
const SDI_CODE = /^[A-Za-z0-9]{7}$/;
const pec = v.pipe(v.string(), v.email());

/** Italy: `sdi_or_pec` is the recipient code of the SDI (electronic invoicing) or a PEC e-mail address. */
export const isSdiOrPec = (value: string): boolean => SDI_CODE.test(value) || v.is(pec, value);

/** One problem with one field of `userData`. */
export interface FieldIssue {
  field: keyof KybData;
  message: string;
}

/** Every offline check of the KYB data: the problems, or the VAT number as VIES takes it. */
export function checkKybData(data: KybData): { issues: FieldIssue[]; vat?: ViesVat } {
  const country = viesCountryOf(data.country_code);
  if (!country) {
    return {
      issues: [
        {
          field: 'country_code',
          message: `must be the code of a country VIES covers: ${VIES_COUNTRY_CODES.join(', ')} (or GR for Greece)`,
        },
      ],
    };
  }
  const issues: FieldIssue[] = [];
  const vat = checkVatNumber(country, data.vat_number);
  if (!vat.ok) issues.push({ field: 'vat_number', message: vat.message });
  if (country === 'IT' && !isSdiOrPec(data.sdi_or_pec)) {
    issues.push({
      field: 'sdi_or_pec',
      message: 'must be an SDI recipient code (7 letters or digits) or a PEC e-mail address for an Italian company',
    });
  }
  return vat.ok ? { issues, vat: vat.vat } : { issues };
}
