/**
 * Offline checks of KYB data, before VIES is asked (docs/spec/decisions.md, KYB): the VAT number's
 * syntax and check digits for its country, an Italian codice fiscale, and an Italian
 * `sdi_or_pec`.
 *
 * The checksums are stdnum's (koblas/stdnum-js, MIT, maintained), one ESM module per number
 * type imported directly: the 28 VAT validators of the VIES member states and the codice
 * fiscale weigh ~34.6 KiB minified in a function, against ~206 KiB for the package's index,
 * which holds every country's every number (docs/architecture.md, Libraries). Only `name` and `validate`
 * are imported, by name: a namespace import (`import * as`) stored as a value makes esbuild
 * build each module's namespace object (~105 B each, ~3 KiB in all). The rest of a module
 * (`compact`, `format`, its other names: ~8.2 KiB of the 34.6) stays in the bundle whatever
 * is imported, since stdnum defines them in one object literal that its exports destructure.
 */

import { validate as atUid, name as atUidName } from 'stdnum/lib/esm/at/uid';
import { validate as beVat, name as beVatName } from 'stdnum/lib/esm/be/vat';
import { validate as bgVat, name as bgVatName } from 'stdnum/lib/esm/bg/vat';
import { validate as cyVat, name as cyVatName } from 'stdnum/lib/esm/cy/vat';
import { validate as czDic, name as czDicName } from 'stdnum/lib/esm/cz/dic';
import { validate as deVat, name as deVatName } from 'stdnum/lib/esm/de/vat';
import { validate as dkCvr, name as dkCvrName } from 'stdnum/lib/esm/dk/cvr';
import { validate as eeKmkr, name as eeKmkrName } from 'stdnum/lib/esm/ee/kmkr';
import { validate as esNif, name as esNifName } from 'stdnum/lib/esm/es/nif';
import { validate as fiAlv, name as fiAlvName } from 'stdnum/lib/esm/fi/alv';
import { validate as frTva, name as frTvaName } from 'stdnum/lib/esm/fr/tva';
import { validate as gbVat, name as gbVatName } from 'stdnum/lib/esm/gb/vat';
import { validate as grVat, name as grVatName } from 'stdnum/lib/esm/gr/vat';
import { validate as hrOib, name as hrOibName } from 'stdnum/lib/esm/hr/oib';
import { validate as huAnum, name as huAnumName } from 'stdnum/lib/esm/hu/anum';
import { validate as ieVat, name as ieVatName } from 'stdnum/lib/esm/ie/vat';
import { validate as itCodiceFiscale } from 'stdnum/lib/esm/it/codicefiscale';
import { validate as itIva, name as itIvaName } from 'stdnum/lib/esm/it/iva';
import { validate as ltPvm, name as ltPvmName } from 'stdnum/lib/esm/lt/pvm';
import { validate as luTva, name as luTvaName } from 'stdnum/lib/esm/lu/tva';
import { validate as lvPvn, name as lvPvnName } from 'stdnum/lib/esm/lv/pvn';
import { validate as mtVat, name as mtVatName } from 'stdnum/lib/esm/mt/vat';
import { validate as nlBtw, name as nlBtwName } from 'stdnum/lib/esm/nl/btw';
import { validate as plNip, name as plNipName } from 'stdnum/lib/esm/pl/nip';
import { validate as ptNif, name as ptNifName } from 'stdnum/lib/esm/pt/nif';
import { validate as roCui, name as roCuiName } from 'stdnum/lib/esm/ro/cui';
import { validate as seVat, name as seVatName } from 'stdnum/lib/esm/se/vat';
import { validate as siDdv, name as siDdvName } from 'stdnum/lib/esm/si/ddv';
import { validate as skDph, name as skDphName } from 'stdnum/lib/esm/sk/dph';
import * as v from 'valibot';
import type { KybData, ViesVat } from './model';

interface NumberType {
  name: string;
  validate(value: string): { isValid: true; compact: string } | { isValid: false; error?: Error };
}

const numberType = (name: string, validate: NumberType['validate']): NumberType => ({ name, validate });

/**
 * The VAT number of each member state VIES answers for, by VIES's code: the EU's 27 (Greece
 * is `EL`, not its ISO `GR`) and Northern Ireland (`XI`, numbers of the UK's format).
 */
const VAT_NUMBERS: Readonly<Record<string, NumberType>> = {
  AT: numberType(atUidName, atUid),
  BE: numberType(beVatName, beVat),
  BG: numberType(bgVatName, bgVat),
  CY: numberType(cyVatName, cyVat),
  CZ: numberType(czDicName, czDic),
  DE: numberType(deVatName, deVat),
  DK: numberType(dkCvrName, dkCvr),
  EE: numberType(eeKmkrName, eeKmkr),
  EL: numberType(grVatName, grVat),
  ES: numberType(esNifName, esNif),
  FI: numberType(fiAlvName, fiAlv),
  FR: numberType(frTvaName, frTva),
  HR: numberType(hrOibName, hrOib),
  HU: numberType(huAnumName, huAnum),
  IE: numberType(ieVatName, ieVat),
  IT: numberType(itIvaName, itIva),
  LT: numberType(ltPvmName, ltPvm),
  LU: numberType(luTvaName, luTva),
  LV: numberType(lvPvnName, lvPvn),
  MT: numberType(mtVatName, mtVat),
  NL: numberType(nlBtwName, nlBtw),
  PL: numberType(plNipName, plNip),
  PT: numberType(ptNifName, ptNif),
  RO: numberType(roCuiName, roCui),
  SE: numberType(seVatName, seVat),
  SI: numberType(siDdvName, siDdv),
  SK: numberType(skDphName, skDph),
  XI: numberType(gbVatName, gbVat),
};

/** The VIES codes, sorted: what `country_code` may be (and `GR`, Greece's ISO code). */
export const VIES_COUNTRY_CODES = Object.keys(VAT_NUMBERS).sort();

/**
 * `country_code` of the KYB data as the body gives it: trimmed and upper-cased here; whether
 * VIES covers it (VIES_COUNTRY_CODES, or `GR`) is one of the offline checks (checkKybData).
 */
export const kybCountryCode = v.pipe(v.string(), v.trim(), v.toUpperCase());

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
    const taxCode = itCodiceFiscale(bare);
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
