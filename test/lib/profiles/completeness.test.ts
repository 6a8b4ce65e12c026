import { describe, expect, it } from 'vitest';
import { profileById } from '../../../lib/profiles/catalogue';
import { completenessOf } from '../../../lib/profiles/completeness';
import example from '../../../lib/profiles/data/examples/battery-passport-ev.json';
import { attributesOf } from '../../../lib/profiles/format';

const profile = profileById('battery-passport');
if (!profile) throw new Error('the battery passport profile is missing');
const aspects = example.aspects as Record<string, Record<string, unknown>>;

describe('the completeness of a profiled passport', () => {
  it('counts the mandatory attributes of each category, and finds the EV example complete in all', () => {
    for (const [category, mandatory] of [
      ['ev', 70],
      ['lmt', 79],
      ['industrial', 72],
      ['stationary', 80],
    ] as const)
      expect(completenessOf(profile, category, aspects)).toMatchObject({
        mandatory,
        present: mandatory,
        missing: [],
        complete: true,
      });
  });

  it('lists every mandatory attribute as missing on a passport with no aspect', () => {
    const none = completenessOf(profile, 'ev', undefined);
    expect(none).toMatchObject({ mandatory: 70, present: 0, complete: false });
    expect(none.missing.map((m) => m.attribute).sort()).toEqual(
      attributesOf(profile)
        .filter((a) => a.obligation.ev === 'mandatory')
        .map((a) => a.id)
        .sort(),
    );
  });

  it('takes an empty value, or no item a `where` picks, for missing; and a composed attribute with a part', () => {
    const without = structuredClone(aspects);
    (without.GeneralProductInformation as Record<string, unknown>).productIdentifier = '';
    (without.Circularity as { recycledContent: Array<{ recycledMaterial: string }> }).recycledContent = (
      without.Circularity as { recycledContent: Array<{ recycledMaterial: string }> }
    ).recycledContent.filter((item) => item.recycledMaterial !== 'Cobalt');
    const result = completenessOf(profile, 'ev', without);
    expect(result.missing.map((m) => m.attribute).sort()).toEqual([
      'battery-identifier',
      'carbon-footprint-general-information',
      'post-consumer-recycled-cobalt-share',
      'pre-consumer-recycled-cobalt-share',
    ]);
    expect(result.missing.find((m) => m.attribute === 'pre-consumer-recycled-cobalt-share')).toEqual({
      aspect: 'Circularity',
      attribute: 'pre-consumer-recycled-cobalt-share',
      path: '/recycledContent',
      label: expect.any(String),
    });
  });
});
