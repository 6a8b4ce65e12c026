import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACCESS_PROFILES } from '../../../lib/profiles/access-catalogue';
import { accessIndexOf } from '../../../lib/profiles/access-index';
import { PROFILES } from '../../../lib/profiles/catalogue';
import { filterAspects } from '../../../lib/profiles/filter';
import { fullAspects } from '../../support/profiles';

/** Each profile's access index is derived from its file, and reads a passport exactly as the file does. */
describe.each(PROFILES.map((profile) => [profile.id, profile] as const))('the access index of %s', (id, profile) => {
  it('is what scripts/profile-access.ts writes (run it after changing the profile)', () => {
    const committed = JSON.parse(readFileSync(`lib/profiles/data/access/${id}.json`, 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(accessIndexOf(profile))));
  });

  it('is in the access catalogue, in the catalogue’s order', () => {
    expect(ACCESS_PROFILES.map((p) => p.id)).toEqual(PROFILES.map((p) => p.id));
  });

  it('filters a passport at every tier as the whole profile does', () => {
    const index = ACCESS_PROFILES.find((p) => p.id === id)!;
    const stored = fullAspects(profile);
    for (const tier of ['public', 'legitimate_interest', 'authority', 'company'])
      expect(filterAspects(index, stored, { upTo: tier })).toEqual(filterAspects(profile, stored, { upTo: tier }));
  });
});
