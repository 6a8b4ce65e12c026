import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import battery from '../../../lib/profiles/data/battery-passport.json';
import { attributesOf, type Profile, type ValueType } from '../../../lib/profiles/format';

/**
 * A sector lives in its profile's data, never in code (docs/profiles.md): no source file of lib/ or
 * functions/ (the profiles' JSON aside) names a field of the battery passport's documents (its
 * camelCase names: plain words such as `original` or `module` are everyone's) or a raw material
 * it lists. The words are the profile's own, so the check grows with it.
 */
const ROOT = join(__dirname, '../../..');
/**
 * Names the battery documents share with vocabularies the code uses for other things (schema.org,
 * files, pages, and EN 18223's passport header: `lastUpdate`).
 */
const SHARED = new Set(['addressCountry', 'components', 'identifier', 'labels', 'lastUpdate', 'mimeType']);

function fieldNames(type: ValueType | undefined): string[] {
  if (!type) return [];
  return [
    ...Object.entries(type.fields ?? {}).flatMap(([name, field]) => [name, ...fieldNames(field)]),
    ...fieldNames(type.items),
    ...(type.values ?? []).map(String),
  ];
}

const words = [
  ...new Set(
    attributesOf(battery as unknown as Profile).flatMap((attribute) => [
      ...(attribute.pointer ?? '').split('/'),
      ...(attribute.item?.pointer ?? '').split('/'),
      ...Object.entries(attribute.item?.where ?? {}).flatMap(([field, value]) => [field, String(value)]),
      ...fieldNames(attribute.type),
    ]),
  ),
];
const fields = words.filter((word) => /[a-z][A-Z]/.test(word) && !SHARED.has(word));
/** The materials of the recycled content (the list's `where` values), but lead: the verb is everyone's. */
const materials = attributesOf(battery as unknown as Profile)
  .map((attribute) => attribute.item?.where?.recycledMaterial)
  .filter((value): value is string => typeof value === 'string' && value !== 'Lead');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.json') ? [] : [path];
  });
}

describe('the code', () => {
  it('knows the battery passport’s vocabulary (a check that has words to look for)', () => {
    expect(fields).toEqual(expect.arrayContaining(['batteryChemistry', 'remainingCapacity', 'stateOfCharge']));
    expect(new Set(materials)).toEqual(new Set(['Nickel', 'Cobalt', 'Lithium']));
  });

  it('names no field or value of the battery passport outside its profile’s data', () => {
    const names = new RegExp(`\\b(${fields.join('|')}|stateOfHealth)\\b`);
    const elements = new RegExp(`\\b(${materials.join('|')})\\b`, 'i');
    const found = [...sources(join(ROOT, 'lib')), ...sources(join(ROOT, 'functions'))].flatMap((path) => {
      const text = readFileSync(path, 'utf8');
      const match = names.exec(text) ?? elements.exec(text);
      return match ? [`${relative(ROOT, path)}: ${match[0]}`] : [];
    });
    expect(found).toEqual([]);
  });
});
