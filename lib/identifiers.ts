import * as v from 'valibot';

/**
 * Identifiers the EU DPP registry (Implementing Regulation (EU) 2026/1778) asks of a passport and
 * its economic operator (docs/behaviour.md, The EU registry): the commodity code of the product
 * (HS or TARIC), the GLN of the facility that made it, and the operator's EORI number or LEI. The
 * rules of their request fields, beside lib/schemas.ts's; check digits are a few lines each, so
 * no library.
 */

/** The GS1 check digit of the digits before it: weights 3, 1, 3, … from the right, to the next multiple of 10. */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** A GLN (GS1 Global Location Number): 13 digits whose last is the GS1 check digit of the 12 before it. */
export const isGln = (code: string): boolean =>
  /^\d{13}$/.test(code) && gs1CheckDigit(code.slice(0, 12)) === Number(code[12]);

/** An LEI (ISO 17442): 18 capitals or digits and two check digits, the whole being 1 modulo 97 (ISO 7064 MOD 97-10). */
export function isLei(code: string): boolean {
  if (!/^[A-Z0-9]{18}[0-9]{2}$/.test(code)) return false;
  let remainder = 0;
  for (const char of code) {
    const value = Number.parseInt(char, 36);
    remainder = (value < 10 ? remainder * 10 + value : remainder * 100 + value) % 97;
  }
  return remainder === 1;
}

/**
 * An EORI number: the ISO 3166-1 alpha-2 code of the member state that issued it (GB and XI
 * too) and at most 15 capitals or digits (Commission Implementing Regulation (EU) 2015/2447, Art. 6,
 * and the EORI specifications). Its tail has no check digit common to every state.
 */
export const isEori = (code: string): boolean => /^[A-Z]{2}[A-Z0-9]{1,15}$/.test(code);

/** Which scheme an economic operator's id is of: an LEI has 20 characters, an EORI number at most 17. */
export const operatorIdScheme = (code: string): 'LEI' | 'EORI' => (code.length === 20 ? 'LEI' : 'EORI');

/** The product's commodity code: an HS heading or subheading, a CN code or a TARIC code, 4 to 10 digits. */
export const commodityCode = v.pipe(
  v.string(),
  v.regex(/^[0-9]{4,10}$/, 'must be an HS, CN or TARIC commodity code: 4 to 10 digits'),
  v.examples(['87116010', '61091000', '85076000']),
);

/** The GLN of the facility where the product is made or assembled. */
export const facilityId = v.pipe(
  v.string(),
  v.regex(/^\d{13}$/, 'must be a GLN: 13 digits'),
  v.check(isGln, 'must end in the GS1 check digit of the 12 digits before it'),
  v.examples(['8012345000104', '4006381000017']),
);

/**
 * The economic operator's id: its EORI number (`IT11111110018`) or its LEI
 * (`5299000J2N45DDNE4Y28`), in capitals (lower case is taken and raised).
 */
export const economicOperatorId = v.pipe(
  v.string(),
  v.trim(),
  v.toUpperCase(),
  v.check(
    (code) => (code.length === 20 ? isLei(code) : isEori(code)),
    'must be an EORI number (a country code and up to 15 letters or digits) or an LEI (20 characters whose check digits are right)',
  ),
  v.examples(['IT11111110018', '5299000J2N45DDNE4Y28']),
);
