import { describe, expect, it } from 'vitest';
import { PROFILES } from '../../../lib/profiles/catalogue';
import { packedProfileById } from '../../../lib/profiles/packed-catalogue';

describe('the packed catalogue (the import worker’s)', () => {
  it('holds every profile of the catalogue exactly (else run npx tsx scripts/profile-access.ts)', () => {
    for (const profile of PROFILES) expect(packedProfileById(profile.id)).toEqual(profile);
    expect(packedProfileById('no-such-profile')).toBeUndefined();
  });
});
