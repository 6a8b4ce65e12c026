import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { pageQuery } from '../../lib/schemas';

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
