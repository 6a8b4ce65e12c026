/**
 * A DPP's product identifiers (docs/behaviour.md, DPP fields): `code` is the GTIN-14 of its product model,
 * `search_id` the GS1 Digital Link path of the item, `01/<GTIN-14>/21/<serial>`, what a QR
 * code on the product encodes after a resolver's domain. GS1's check digit is five lines, so
 * no library.
 */

import { gs1CheckDigit } from '../identifiers';

export { gs1CheckDigit };

/** 14 digits whose last is the GS1 check digit of the 13 before it. */
export const isGtin14 = (code: string): boolean =>
  /^\d{14}$/.test(code) && gs1CheckDigit(code.slice(0, 13)) === Number(code[13]);

/** Crockford's base 32: digits and capitals without I, L, O and U, in GS1's character set for a serial. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The longest serial (AI 21) GS1 allows. */
export const MAX_SERIAL_LENGTH = 20;

/**
 * The serial (GS1 AI 21) of a DPP, derived from its id, a UUIDv7: its 122 bits that are not
 * version or variant, the first 100 of them (the 48-bit millisecond time, then 52 random
 * bits) in 20 characters of Crockford's base 32. Serials of one model's DPPs sort by creation
 * time and are distinct unless two DPPs of it are created in the same millisecond with the
 * same 52 random bits.
 */
export function serialOf(uuid: string): string {
  const bits = [...uuid.replace(/-/g, '')].map((h) => Number.parseInt(h, 16).toString(2).padStart(4, '0')).join('');
  // Drop the version (bits 48-51) and the variant (bits 64-65).
  const variable = bits.slice(0, 48) + bits.slice(52, 64) + bits.slice(66);
  let serial = '';
  for (let i = 0; i < MAX_SERIAL_LENGTH * 5; i += 5) serial += CROCKFORD[Number.parseInt(variable.slice(i, i + 5), 2)];
  return serial;
}

/** The GS1 Digital Link path of an item: its model's GTIN-14 (AI 01) and its serial (AI 21). */
export const searchIdOf = (gtin14: string, serial: string): string => `01/${gtin14}/21/${serial}`;
