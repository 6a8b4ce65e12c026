import { describe, expect, it } from 'vitest';
import { PROFILES } from '../../../lib/profiles/catalogue';
import { leanProfile, packedProfileById } from '../../../lib/profiles/packed-catalogue';

describe('the packed catalogue (the import worker’s)', () => {
  it('holds every profile of the catalogue, lean (else run npx tsx scripts/profile-access.ts)', () => {
    for (const profile of PROFILES) expect(packedProfileById(profile.id)).toEqual(leanProfile(profile));
    expect(packedProfileById('no-such-profile')).toBeUndefined();
  });
});

describe('a lean profile', () => {
  it('validates, counts completeness and records history as the whole profile does', async () => {
    const { documentProblems } = await import('../../../lib/profiles/validate');
    const { completenessOf } = await import('../../../lib/profiles/completeness');
    const example = (await import('../../../lib/profiles/data/examples/battery-passport-ev.json')).default;
    for (const profile of PROFILES) {
      const lean = leanProfile(profile);
      for (const [i, aspect] of profile.aspects.entries()) {
        const leanAspect = lean.aspects[i]!;
        const document = (example.aspects as Record<string, unknown>)[aspect.id] ?? { nothing: 1 };
        expect(documentProblems(leanAspect, document)).toEqual(documentProblems(aspect, document));
      }
      for (const category of profile.categories)
        expect(completenessOf(lean, category.id, example.aspects)).toEqual(
          completenessOf(profile, category.id, example.aspects),
        );
    }
  });
});
