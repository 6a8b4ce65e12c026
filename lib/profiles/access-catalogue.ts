import batteryPassport from './data/access/battery-passport.json';
import esprMinimum from './data/access/espr-minimum.json';
import type { Profile } from './format';

/**
 * Every profile's access index (lib/profiles/access-index.ts, written by scripts/profile-access.ts):
 * what the functions that read a passport at a tier, its completeness or its lifecycle need of a
 * profile, ~28 KB for the battery passport where its whole file is ~80 (docs/profiles.md, Loading).
 * Read as a Profile: those readers (filter.ts, completeness.ts, lifecycle.ts) read only what an
 * index keeps, which its test checks against the catalogue. The page, which shows labels and units
 * in every language, reads the catalogue itself.
 */
export const ACCESS_PROFILES = [batteryPassport, esprMinimum] as unknown as readonly Profile[];

/** The access index of the profile with this id, if the service has one. */
export const accessProfileById = (id: string): Profile | undefined =>
  ACCESS_PROFILES.find((profile) => profile.id === id);
