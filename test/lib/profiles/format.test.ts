import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { type Profile, profileProblems, profileSchema } from '../../../lib/profiles/format';

/** A small valid profile, and what the format refuses of changes to it. */
const base = (): Profile => ({
  id: 'toy',
  name: 'Toy',
  version: '1.0.0',
  source: { name: 'Toy model', version: '1', url: 'https://example.com/toy', licence: 'CC0-1.0', attribution: 'Ours.' },
  categories: [{ id: 'small', label: { en: 'Small' } }],
  accessGroups: [
    { group: 'everyone', tier: 'public' },
    { group: 'repairers', tier: 'legitimate_interest' },
  ],
  aspects: [
    {
      id: 'Main',
      label: { en: 'Main' },
      attributes: [
        {
          id: 'mass',
          label: { en: 'Mass' },
          pointer: '/mass',
          type: { type: 'number', unit: 'kg', minimum: 0 },
          tier: 'public',
          dynamic: false,
          level: 'model',
          obligation: { small: 'mandatory' },
          reference: 'Art. 1',
          origin: { item: '1', accessGroup: 'everyone' },
        },
        {
          id: 'parts',
          label: { en: 'Parts' },
          pointer: '/parts',
          item: { where: { kind: 'spare' }, pointer: '/number' },
          type: { type: 'string' },
          tier: 'legitimate_interest',
          dynamic: true,
          level: 'item',
          obligation: {},
          reference: 'Art. 2',
          origin: { item: '2', accessGroup: 'repairers' },
        },
      ],
    },
  ],
});

const problems = (change: (profile: Profile) => void) => {
  const profile = base();
  change(profile);
  const parsed = v.safeParse(profileSchema, profile);
  return parsed.success ? profileProblems(parsed.output).map((p) => p.message) : parsed.issues.map((i) => i.message);
};
const attribute = (profile: Profile, i: number) => profile.aspects[0]!.attributes[i]!;

describe('the profile format', () => {
  it('accepts a profile that keeps its rules', () => {
    expect(problems(() => {})).toEqual([]);
  });

  it('refuses two attributes at the same place', () => {
    expect(problems((p) => Object.assign(attribute(p, 1), { pointer: '/mass', item: undefined }))).toEqual([
      'the same place as mass: Main#/mass',
    ]);
  });

  it('tells items of a list apart by their fields', () => {
    expect(
      problems((p) =>
        p.aspects[0]!.attributes.push({
          ...attribute(p, 1),
          id: 'other-parts',
          item: { where: { kind: 'main' }, pointer: '/number' },
        }),
      ),
    ).toEqual([]);
  });

  it('refuses a tier other than its access group’s', () => {
    expect(problems((p) => Object.assign(attribute(p, 1), { tier: 'authority' }))).toEqual([
      'its tier authority is not its access group’s (legitimate_interest)',
    ]);
  });

  it('refuses an obligation for a category the profile does not have', () => {
    expect(problems((p) => Object.assign(attribute(p, 0), { obligation: { large: 'mandatory' } }))).toEqual([
      'the category large is not the profile’s',
    ]);
  });

  it('refuses a key that does not apply to the value type, and an enum without values', () => {
    expect(problems((p) => Object.assign(attribute(p, 0), { type: { type: 'string', unit: 'kg' } }))).toEqual([
      '`unit` does not apply to a string',
    ]);
    expect(problems((p) => Object.assign(attribute(p, 0), { type: { type: 'enum' } }))).toEqual([
      'an enum needs `values`',
    ]);
  });

  it('checks nested value types too', () => {
    expect(
      problems((p) =>
        Object.assign(attribute(p, 0), {
          type: { type: 'list', items: { type: 'object', fields: { at: { type: 'date', required: true } } } },
        }),
      ),
    ).toEqual(['a date needs its `format`']);
  });

  it('refuses an attribute without an English label, a pointer that is not RFC 6901, and an unknown key', () => {
    expect(problems((p) => Object.assign(attribute(p, 0), { label: { de: 'Masse' } }))).toEqual([
      'must have an English (`en`) label',
    ]);
    expect(problems((p) => Object.assign(attribute(p, 0), { pointer: 'mass' }))).toEqual([
      'must be an RFC 6901 JSON pointer, such as /a/b',
    ]);
    expect(problems((p) => Object.assign(attribute(p, 0), { colour: 'red' }))).toHaveLength(1);
  });

  it('refuses an attribute composed of one that does not exist', () => {
    expect(
      problems((p) => Object.assign(attribute(p, 0), { pointer: undefined, type: undefined, composedOf: ['nothing'] })),
    ).toEqual(['composed of nothing, no other attribute']);
  });

  it('takes a lifecycle whose status is an enum attribute and whose statuses are its values', () => {
    const status = (p: Profile) =>
      p.aspects[0]!.attributes.push({
        ...attribute(p, 0),
        id: 'status',
        pointer: '/status',
        type: { type: 'enum', values: ['new', 'reborn', 'gone'] },
      });
    expect(
      problems((p) => {
        status(p);
        p.lifecycle = { status: 'status', successor: ['reborn'], end: ['gone'] };
      }),
    ).toEqual([]);
    expect(
      problems((p) => {
        status(p);
        p.lifecycle = { status: 'status', successor: ['reborn'], end: ['burnt'] };
      }),
    ).toEqual(['burnt is not a value of status']);
    expect(problems((p) => Object.assign(p, { lifecycle: { status: 'mass', successor: ['x'], end: ['y'] } }))).toEqual([
      'mass is no enum attribute at a pointer of its own',
    ]);
  });
});
