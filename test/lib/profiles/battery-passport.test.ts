import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import data from '../../../lib/profiles/data/battery-passport.json';
import { attributesOf } from '../../../lib/profiles/format';
import { duplicateAddresses, expectConformingProfile, missingLabels } from './conformance';
import { leavesOf, nodeAt, readSchemaFile, typeMismatches } from './source-schema';

/**
 * The battery passport profile (lib/profiles/data/battery-passport.json) against its sources:
 * the Battery Pass data model 1.2.0 and its longlist of 93 attributes (docs/profiles.md).
 */
const profile = expectConformingProfile(data);
const attributes = attributesOf(profile);
const count = <T>(values: T[]) =>
  Object.fromEntries([...new Set(values)].map((x) => [x, values.filter((y) => y === x).length]));

describe('the battery passport profile', () => {
  it('conforms to the profile format, its pointers each unique', () => {
    expectConformingProfile(data);
    expect(duplicateAddresses(profile)).toEqual([]);
  });

  it('has the 93 attributes of the longlist, each once by its row', () => {
    expect(attributes).toHaveLength(93);
    const rows = attributes.map((attribute) => Number(attribute.origin.item)).sort((a, b) => a - b);
    expect(rows).toEqual(Array.from({ length: 93 }, (_, i) => i + 1));
  });

  it('has the seven Battery Pass aspects', () => {
    expect(profile.aspects.map((aspect) => aspect.id).sort()).toEqual([
      'CarbonFootprintForBatteries',
      'Circularity',
      'GeneralProductInformation',
      'Labeling',
      'MaterialComposition',
      'PerformanceAndDurability',
      'SupplyChainDueDiligence',
    ]);
  });

  it('keeps the longlist’s access groups: 60 public, 27 legitimate interest, 5 with the Commission, 1 for authorities', () => {
    expect(count(attributes.map((attribute) => attribute.origin.accessGroup))).toEqual({
      Public: 60,
      'persons with a legitimate interest': 27,
      'persons with a legitimate interest and the Commission': 5,
      'Notified bodies, market surveillance authorities and the Commission': 1,
    });
  });

  it('maps the groups to tiers: 60 public, 32 legitimate_interest, 1 authority', () => {
    expect(profile.accessGroups).toEqual([
      { group: 'Public', tier: 'public' },
      { group: 'persons with a legitimate interest', tier: 'legitimate_interest' },
      { group: 'persons with a legitimate interest and the Commission', tier: 'legitimate_interest' },
      { group: 'Notified bodies, market surveillance authorities and the Commission', tier: 'authority' },
    ]);
    expect(count(attributes.map((attribute) => attribute.tier))).toEqual({
      public: 60,
      legitimate_interest: 32,
      authority: 1,
    });
  });

  it('has 20 dynamic attributes', () => {
    expect(attributes.filter((attribute) => attribute.dynamic)).toHaveLength(20);
  });

  it('has the mandatory counts of the longlist: EV 70, LMT 79, industrial 72, stationary 80', () => {
    const mandatory = (category: string) =>
      attributes.filter((attribute) => attribute.obligation[category] === 'mandatory').length;
    expect(profile.categories.map((category) => category.id)).toEqual(['ev', 'lmt', 'industrial', 'stationary']);
    expect({
      ev: mandatory('ev'),
      lmt: mandatory('lmt'),
      industrial: mandatory('industrial'),
      stationary: mandatory('stationary'),
    }).toEqual({ ev: 70, lmt: 79, industrial: 72, stationary: 80 });
  });

  it('has a label in every language of the page', () => {
    expect(missingLabels(profile)).toEqual([]);
  });

  it('names its source, its licence and the attribution the licence asks for', () => {
    expect(profile.source).toMatchObject({
      name: 'Battery Pass data model',
      version: '1.2.0',
      url: 'https://github.com/batterypass/BatteryPassDataModel',
      licence: 'CC-BY-4.0',
    });
    expect(profile.source.attribution).toMatch(/Battery Pass consortium/);
  });

  it('explains every field it adds beyond the source’s schemas', () => {
    for (const attribute of attributes.filter((a) => a.extension)) expect(attribute.note, attribute.id).toBeDefined();
  });
});

/**
 * The optional check against the model itself: a checkout of github.com/batterypass/BatteryPassDataModel
 * in BATTERYPASS_DIR (the schemas are not in this repository: docs/profiles.md, Sources).
 */
const modelDir = process.env.BATTERYPASS_DIR;
const withModel = Boolean(modelDir && existsSync(join(modelDir, 'BatteryPass')));

describe.skipIf(!withModel)(
  `the battery passport profile against the Battery Pass 1.2.0 schemas (${withModel ? modelDir : 'skipped: set BATTERYPASS_DIR to a checkout of github.com/batterypass/BatteryPassDataModel'})`,
  () => {
    const schemaOf = (path: string) => readSchemaFile(join(modelDir!, path));

    it.each(profile.aspects.map((aspect) => [aspect.id, aspect] as const))(
      'resolves every pointer of %s in its schema, with the schema’s types, except the fields it adds',
      (_, aspect) => {
        const root = schemaOf(aspect.schema!);
        const problems: string[] = [];
        for (const attribute of aspect.attributes) {
          if (attribute.pointer === undefined) continue;
          const node = nodeAt(root, root, attribute.pointer);
          if (attribute.extension) {
            if (typeof node !== 'string') problems.push(`${attribute.id}: marked as added, but the schema has it`);
            continue;
          }
          if (typeof node === 'string') {
            problems.push(`${attribute.id}: ${node}`);
            continue;
          }
          if (!attribute.item) {
            problems.push(...typeMismatches(root, node, attribute.type!, attribute.id));
            continue;
          }
          if (node.type !== 'array') {
            problems.push(`${attribute.id}: an item of ${attribute.pointer}, not a list in the schema`);
            continue;
          }
          const itemNode = nodeAt(root, node.items, '') as Record<string, unknown>;
          for (const [field, value] of Object.entries(attribute.item.where ?? {})) {
            const fieldNode = nodeAt(root, itemNode, `/${field}`);
            if (typeof fieldNode === 'string') problems.push(`${attribute.id}: ${fieldNode}`);
            else if (fieldNode.enum && !fieldNode.enum.includes(value))
              problems.push(`${attribute.id}: ${String(value)} is not a value of ${field}`);
          }
          const valueNode = nodeAt(root, itemNode, attribute.item.pointer);
          if (typeof valueNode === 'string') problems.push(`${attribute.id}: ${valueNode}`);
          else problems.push(...typeMismatches(root, valueNode, attribute.type!, attribute.id));
        }
        for (const field of aspect.unmapped ?? [])
          if (typeof nodeAt(root, root, field.pointer) === 'string')
            problems.push(`unmapped ${field.pointer}: not in the schema`);
        expect(problems).toEqual([]);
      },
    );

    it.each(profile.aspects.map((aspect) => [aspect.id, aspect] as const))(
      'leaves no field of the %s schema without an attribute, unless it says why (unmapped)',
      (_, aspect) => {
        const root = schemaOf(aspect.schema!);
        const covered: string[] = [];
        for (const attribute of aspect.attributes) {
          if (attribute.pointer === undefined) continue;
          if (!attribute.item) covered.push(attribute.pointer);
          else {
            covered.push(`${attribute.pointer}/-${attribute.item.pointer}`);
            for (const field of Object.keys(attribute.item.where ?? {}))
              covered.push(`${attribute.pointer}/-/${field}`);
          }
        }
        for (const field of aspect.unmapped ?? []) covered.push(field.pointer);
        const under = (leaf: string, place: string) => leaf === place || leaf.startsWith(`${place}/`);
        expect(leavesOf(root, root).filter((leaf) => !covered.some((place) => under(leaf, place)))).toEqual([]);
      },
    );
  },
);
