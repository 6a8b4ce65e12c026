import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { name, pageQuery } from '../../lib/schemas';

describe('pageQuery', () => {
  it('defaults the limit to 100', () => {
    expect(v.parse(pageQuery, {})).toEqual({ limit: 100 });
  });

  it('coerces the query-string limit to a number', () => {
    expect(v.parse(pageQuery, { limit: '25', cursor: 'abc' })).toEqual({ limit: 25, cursor: 'abc' });
  });

  it.each(['1', '100'])('accepts the limit %s', (limit) => {
    expect(v.safeParse(pageQuery, { limit }).success).toBe(true);
  });

  it.each(['0', '101', '-1', '2.5', 'ten'])('rejects the limit %s', (limit) => {
    expect(v.safeParse(pageQuery, { limit }).success).toBe(false);
  });

  it('rejects an empty cursor and an overlong one', () => {
    expect(v.safeParse(pageQuery, { cursor: '' }).success).toBe(false);
    expect(v.safeParse(pageQuery, { cursor: 'a'.repeat(1025) }).success).toBe(false);
  });
});

describe('name, a single-line field', () => {
  const messageOf = (text: string) => {
    const result = v.safeParse(name, text);
    return result.success ? undefined : result.issues[0].message;
  };

  it.each([
    ['a line feed', 'Battery\npack', 'U+000A'],
    ['a carriage return at the end (refused, not trimmed away)', 'Battery pack\r', 'U+000D'],
    ['a tab', 'Battery\tpack', 'U+0009'],
    ['a C1 control', 'Battery\u0085pack', 'U+0085'],
    ['a right-to-left override', 'Battery\u202Ekcap', 'U+202E'],
    ['a balanced isolate', '\u2066Battery\u2069', 'U+2066'],
    ['a line separator', 'Battery\u2028pack', 'U+2028'],
  ])('refuses %s, naming the character', (_, text, code) => {
    expect(messageOf(text)).toContain(code);
    expect(messageOf(text)).toMatch(/^must be one line of text/);
  });

  it('accepts ordinary text of any script, trimmed', () => {
    expect(v.parse(name, '  Batteria 500 Wh — ünïcødé 日本語 עברית ')).toBe('Batteria 500 Wh — ünïcødé 日本語 עברית');
  });
});
