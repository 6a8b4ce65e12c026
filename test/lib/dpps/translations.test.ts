import { describe, expect, it } from 'vitest';
import { fingerprint, translationAttributes, unitsOf } from '../../../lib/dpps/translations';

describe('fingerprint', () => {
  const base = { name: 'T-shirt', description: 'Organic cotton' };

  it('is the same for the same source text', () => {
    expect(fingerprint({ ...base })).toBe(fingerprint(base));
  });

  it('changes when the name changes', () => {
    expect(fingerprint({ ...base, name: 'T-Shirt' })).not.toBe(fingerprint(base));
  });

  it('changes when the description changes', () => {
    expect(fingerprint({ ...base, description: 'Organic cotton.' })).not.toBe(fingerprint(base));
  });

  it('tells apart texts that only move a boundary between name and description', () => {
    expect(fingerprint({ name: 'ab', description: 'c' })).not.toBe(fingerprint({ name: 'a', description: 'bc' }));
  });
});

describe('unitsOf', () => {
  it('returns the translated units of a translation item and skips pk, sk, type and language', () => {
    const unit = { name: 'T-Shirt', description: 'Bio-Baumwolle', source: 'abc' };
    const units = unitsOf({
      pk: 'DPP#1',
      sk: 'TRANSLATION#de',
      type: 'DPP_TRANSLATION',
      language: 'de',
      dpp: unit,
      'file:f1': unit,
    });
    expect([...units.keys()]).toEqual(['dpp', 'file:f1']);
    expect(units.get('dpp')).toEqual(unit);
  });

  it('returns no units when there is no translation item', () => {
    expect(unitsOf(undefined).size).toBe(0);
  });
});

describe('translationAttributes', () => {
  it('stores each translation with the fingerprint of the source it was made from', () => {
    const source = { key: 'card:c1', name: 'Materials', description: 'What it is made of' };
    expect(
      translationAttributes([{ ...source, translated: { name: 'Materialien', description: 'Woraus es ist' } }]),
    ).toEqual({
      'card:c1': { name: 'Materialien', description: 'Woraus es ist', source: fingerprint(source) },
    });
  });
});
