import { describe, expect, it } from 'vitest';
import { PROFILES, profileById } from '../../../lib/profiles/catalogue';
import { SUMMARIES } from '../../../lib/profiles/summaries';

describe('the profiles of the service', () => {
  it('are the data files, each under its own id', () => {
    expect(PROFILES.map((profile) => profile.id)).toEqual(['battery-passport', 'espr-minimum']);
    expect(profileById('battery-passport')).toBe(PROFILES[0]);
    expect(profileById('no-such-profile')).toBeUndefined();
  });

  it('are listed by summaries that match their files, in the same order', () => {
    expect(SUMMARIES).toEqual(
      PROFILES.map(({ id, name, version, source, categories }) => ({ id, name, version, source, categories })),
    );
  });
});
