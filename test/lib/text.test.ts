import { describe, expect, it } from 'vitest';
import {
  isSingleLine,
  NON_BLANK_SINGLE_LINE_PATTERN,
  notSingleLine,
  oneLine,
  SINGLE_LINE_PATTERN,
} from '../../lib/text';

/** Every character a single-line text refuses (lib/text.ts). */
const REFUSED = [
  ...Array.from({ length: 0x20 }, (_, i) => i),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
  0x2028,
  0x2029,
  0x202a,
  0x202b,
  0x202c,
  0x202d,
  0x202e,
  0x2066,
  0x2067,
  0x2068,
  0x2069,
].map((code) => String.fromCharCode(code));

describe('single-line text', () => {
  it.each(REFUSED.map((c) => [`U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`, c]))(
    'refuses %s anywhere in the text, naming it',
    (label, c) => {
      for (const text of [`${c}name`, `na${c}me`, `name${c}`]) {
        expect(isSingleLine(text)).toBe(false);
        expect(notSingleLine(text)).toBe(label);
      }
    },
  );

  it('refuses a balanced override as well as an unbalanced one', () => {
    expect(isSingleLine('report\u202Efdp.exe\u202C')).toBe(false);
    expect(isSingleLine('\u2066isolated\u2069')).toBe(false);
  });

  it.each([
    'Battery pack 500 Wh',
    'ünïcødé 日本語 Ελληνικά',
    'שלום עולם',
    'مرحبا',
    'mark\u200Fed',
    'a\u200Eb',
    'arabic\u061Cmark',
    '😀🚲👩‍👩‍👧',
    'tab-less  spaces',
  ])('accepts %s', (text) => {
    expect(isSingleLine(text)).toBe(true);
    expect(notSingleLine(text)).toBeUndefined();
  });

  it('writes the same rule as the OpenAPI patterns', () => {
    const one = new RegExp(SINGLE_LINE_PATTERN);
    const nonBlank = new RegExp(NON_BLANK_SINGLE_LINE_PATTERN);
    for (const c of REFUSED) {
      expect(one.test(`a${c}b`)).toBe(false);
      expect(nonBlank.test(`a${c}b`)).toBe(false);
    }
    expect(one.test('Battery pack')).toBe(true);
    expect(nonBlank.test('Battery pack')).toBe(true);
    expect(one.test('   ')).toBe(true);
    expect(nonBlank.test('   ')).toBe(false);
    expect(nonBlank.test('  x  ')).toBe(true);
  });
});

describe('oneLine', () => {
  it('turns every run of refused characters into one space, and keeps the rest', () => {
    expect(oneLine('Acme\r\nBcc: victim@example.com')).toBe('Acme Bcc: victim@example.com');
    expect(oneLine('invoice\u202Efdp.exe')).toBe('invoice fdp.exe');
    expect(oneLine('\u0000\u0085 Bikes \u2028')).toBe('Bikes');
    expect(oneLine('ünïcødé  日本語')).toBe('ünïcødé 日本語');
  });

  it('leaves no refused character in any text', () => {
    const all = REFUSED.join('x');
    expect(isSingleLine(oneLine(all))).toBe(true);
  });
});
