import { describe, expect, it } from 'vitest';
import { profileById } from '../../../lib/profiles/catalogue';
import type { Aspect } from '../../../lib/profiles/format';
import { documentProblems, MAX_PROBLEMS } from '../../../lib/profiles/validate';

/**
 * The document validator (lib/profiles/validate.ts) on a made-up aspect that uses every value type,
 * nested fields, a list's items picked by `where`, free keys and an `unmapped` field: what it
 * takes and what it refuses, each problem at its JSON pointer.
 */
const attribute = (id: string, pointer: string, type: Aspect['attributes'][number]['type'], extra = {}) => ({
  id,
  label: { en: id },
  pointer,
  type,
  tier: 'public' as const,
  dynamic: false,
  level: 'model' as const,
  obligation: {},
  reference: 'test',
  origin: { item: id },
  ...extra,
});

const aspect: Aspect = {
  id: 'Sample',
  label: { en: 'Sample' },
  attributes: [
    attribute('mass', '/mass', { type: 'number', unit: 'kg', minimum: 0, maximum: 1000 }),
    attribute('cycles', '/cycles', { type: 'integer', minimum: 0 }),
    attribute('code', '/code', { type: 'string', pattern: '^[A-Z]{3}$' }),
    attribute('kind', '/kind', { type: 'enum', values: ['a', 'b'] }),
    attribute('made', '/made', { type: 'date', format: 'date-time' }),
    attribute('day', '/day', { type: 'date', format: 'date' }),
    attribute('month', '/month', { type: 'date', format: 'year-month' }),
    attribute('link', '/link', { type: 'uri' }),
    attribute('flag', '/flag', { type: 'boolean' }),
    attribute('place', '/place', {
      type: 'object',
      fields: { street: { type: 'string', required: true }, zip: { type: 'string' } },
    }),
    attribute('deep', '/outer/inner/value', { type: 'number' }),
    attribute('texts', '/texts', { type: 'object', entries: { type: 'string' } }),
    attribute('tags', '/tags', { type: 'list', items: { type: 'string' } }),
    attribute(
      'share-x',
      '/shares',
      { type: 'number', minimum: 0, maximum: 100 },
      { item: { where: { material: 'X' }, pointer: '/share' } },
    ),
  ],
  unmapped: [{ pointer: '/extra', note: 'taken as it is' }],
};

const valid = {
  mass: 12.5,
  cycles: 3,
  code: 'ABC',
  kind: 'a',
  made: '2027-02-18T09:30:00.123+01:00',
  day: '2024-02-29',
  month: '2027-02',
  link: 'urn:example:a',
  flag: false,
  place: { street: 'Via Roma 1' },
  outer: { inner: { value: -1 } },
  texts: { en: 'one', it: 'uno' },
  tags: ['x', 'y'],
  shares: [
    { material: 'X', share: 50 },
    { material: 'Y', share: 5 },
  ],
  extra: { anything: [1, { goes: true }] },
};

const problemsOf = (patch: Record<string, unknown>) => documentProblems(aspect, { ...valid, ...patch });

describe('validating a document against an aspect of a profile', () => {
  it('takes a document that holds, and an empty one', () => {
    expect(documentProblems(aspect, valid)).toEqual([]);
    expect(documentProblems(aspect, {})).toEqual([]);
  });

  it.each([
    [{ mass: 'heavy' }, '/mass', 'must be a number (in kg)'],
    [{ mass: -1 }, '/mass', 'must be at least 0 kg'],
    [{ mass: 1001 }, '/mass', 'must be at most 1000 kg'],
    [{ cycles: 1.5 }, '/cycles', 'must be a whole number'],
    [{ code: 'abc' }, '/code', 'must match ^[A-Z]{3}$'],
    [{ kind: 'c' }, '/kind', 'must be one of "a", "b"'],
    [{ made: '2027-02-18 09:30' }, '/made', expect.stringContaining('RFC 3339')],
    [{ made: '2027-13-01T00:00:00Z' }, '/made', expect.stringContaining('RFC 3339')],
    [{ day: '2023-02-29' }, '/day', expect.stringContaining('a date')],
    [{ month: '2027-13' }, '/month', expect.stringContaining('year and month')],
    [{ link: 'no scheme' }, '/link', expect.stringContaining('absolute URI')],
    [{ link: 'https://a.example/with space' }, '/link', expect.stringContaining('absolute URI')],
    [{ flag: 'false' }, '/flag', 'must be true or false'],
    [{ place: 'Rome' }, '/place', 'must be an object'],
    [{ place: { zip: '00100' } }, '/place/street', 'is required'],
    [{ place: { street: 'x', city: 'Rome' } }, '/place/city', 'is not a field of the profile here'],
    [{ outer: { inner: 3 } }, '/outer/inner', 'must be an object'],
    [{ outer: [] }, '/outer', 'must be an object'],
    [{ texts: { en: 1 } }, '/texts/en', 'must be a string'],
    [{ tags: 'x' }, '/tags', 'must be a list'],
    [{ tags: ['x', 2] }, '/tags/1', 'must be a string'],
    [{ shares: [{ material: 'X', share: 150 }] }, '/shares/0/share', 'must be at most 100'],
    [{ shares: [{ material: 1 }] }, '/shares/0/material', 'must be a string'],
    [{ shares: { material: 'X' } }, '/shares', 'must be a list'],
    [{ 'a/b': 1 }, '/a~1b', 'is not a field of the profile here'],
    [{ mass: 1e200 }, '/mass', expect.stringContaining('out of the range')],
    [{ extra: { '': 1 } }, '/extra/', expect.stringContaining('empty name')],
    [{ mass: null }, '/mass', 'must be a number (in kg)'],
  ])('refuses %j at %s', (patch, path, message) => {
    expect(problemsOf(patch)).toEqual([{ path, message }]);
  });

  it('refuses a document that is not an object', () => {
    expect(documentProblems(aspect, [])).toEqual([{ path: '', message: 'must be an object' }]);
    expect(documentProblems(aspect, 'x')).toEqual([{ path: '', message: 'must be an object' }]);
  });

  it('reports every problem, in document order, up to its limit', () => {
    expect(problemsOf({ mass: -1, kind: 'z' }).map((p) => p.path)).toEqual(['/mass', '/kind']);
    const many = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`unknown${i}`, i]));
    expect(problemsOf(many)).toHaveLength(MAX_PROBLEMS);
  });

  it('refuses nesting deeper than a store keeps, even under an unmapped field', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = { d: deep };
    expect(problemsOf({ extra: deep })[0]?.message).toMatch(/nested deeper/);
  });

  it('checks every aspect of the shipped profiles with no sector in the code: the battery example holds', async () => {
    const example = (await import('../../../lib/profiles/data/examples/battery-passport-ev.json')).default;
    const profile = profileById('battery-passport');
    for (const a of profile?.aspects ?? [])
      expect(documentProblems(a, (example.aspects as Record<string, unknown>)[a.id]), a.id).toEqual([]);
  });
});
