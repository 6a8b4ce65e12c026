import { describe, expect, it } from 'vitest';
import { PROFILES } from '../../../lib/profiles/catalogue';
import { filterAspect, filterAspects } from '../../../lib/profiles/filter';
import { type Attribute, attributesOf } from '../../../lib/profiles/format';
import { fullAspects, shows } from '../../support/profiles';

const RANK = { public: 0, legitimate_interest: 1, authority: 2 } as const;

/** A made-up attribute: the filter reads only pointer, item and tier. */
const attr = (id: string, pointer: string, tier: Attribute['tier'], item?: Attribute['item']): Attribute => ({
  id,
  label: { en: id },
  pointer,
  ...(item && { item }),
  type: { type: 'string' },
  tier,
  dynamic: false,
  level: 'model',
  obligation: {},
  reference: 'test',
  origin: { item: id },
});

describe.each(PROFILES.map((profile) => [profile.id, profile] as const))(
  'the %s profile read at a tier',
  (_, profile) => {
    const stored = fullAspects(profile);
    const attributes = attributesOf(profile);

    it.each(['public', 'legitimate_interest', 'authority'] as const)(
      'a reader at %s sees exactly the attributes of its tier and below',
      (tier) => {
        const shown = filterAspects(profile, stored, { upTo: tier });
        const wrong = attributes.filter(
          (attribute) => shows(profile, attribute, shown, stored) !== RANK[attribute.tier] <= RANK[tier],
        );
        expect(wrong.map((a) => `${a.id} (${a.tier})`)).toEqual([]);
      },
    );

    it('the company reads every document whole', () => {
      expect(filterAspects(profile, stored, { upTo: 'company' })).toEqual(stored);
    });

    it('a tier document holds that tier’s attributes alone', () => {
      for (const tier of ['public', 'legitimate_interest', 'authority'] as const) {
        const shown = filterAspects(profile, stored, { only: tier });
        for (const attribute of attributes.filter((a) => !a.composedOf && a.tier === tier))
          expect(shows(profile, attribute, shown, stored), attribute.id).toBe(true);
      }
    });
  },
);

describe('an aspect document read at a tier', () => {
  const attributes = [
    attr('name', '/name', 'public'),
    attr('secret', '/details/secret', 'legitimate_interest'),
    attr('open', '/details/open', 'public'),
    attr('hidden-only', '/hidden/deep/value', 'authority'),
    attr('share', '/shares', 'public', { where: { material: 'A' }, pointer: '/share' }),
    attr('mass', '/shares', 'legitimate_interest', { pointer: '/mass' }),
    attr('all', '/materials', 'legitimate_interest'),
    attr('flagged', '/materials', 'public', { where: { flagged: true }, pointer: '/name' }),
  ];
  const document = {
    name: 'N',
    details: { secret: 's', open: 'o' },
    hidden: { deep: { value: 'h' } },
    unmapped: 'u',
    shares: [
      { material: 'A', share: 10, mass: 1 },
      { material: 'B', share: 20, mass: 2 },
    ],
    materials: [
      { name: 'X', flagged: false, mass: 3 },
      { name: 'Y', flagged: true, mass: 4 },
    ],
  };

  it('removes what the reader may not see, and the parents it leaves empty, without a trace', () => {
    expect(filterAspect(attributes, document, { upTo: 'public' })).toEqual({
      name: 'N',
      details: { open: 'o' },
      shares: [{ material: 'A', share: 10 }],
      materials: [{ name: 'Y', flagged: true }],
    });
  });

  it('keeps a whole restricted list for its tier, public parts inside it included', () => {
    expect(filterAspect(attributes, document, { upTo: 'legitimate_interest' })).toEqual({
      name: 'N',
      details: { secret: 's', open: 'o' },
      shares: [
        { material: 'A', share: 10, mass: 1 },
        { material: 'B', mass: 2 },
      ],
      materials: document.materials,
    });
  });

  it('never shows a field no attribute holds, not even to an authority', () => {
    expect(filterAspect(attributes, document, { upTo: 'authority' })).not.toHaveProperty('unmapped');
  });

  it('is undefined when nothing of the document is left', () => {
    expect(filterAspect(attributes, { hidden: { deep: { value: 'h' } } }, { upTo: 'legitimate_interest' })).toBe(
      undefined,
    );
  });

  it('skips values that are not where a pointer leads (no list, an index that is not one)', () => {
    expect(filterAspect(attributes, { shares: { material: 'A' }, name: 'N' }, { upTo: 'authority' })).toEqual({
      name: 'N',
    });
  });

  it('leaves the stored document unchanged', () => {
    const before = structuredClone(document);
    filterAspect(attributes, document, { upTo: 'public' });
    expect(document).toEqual(before);
  });
});
