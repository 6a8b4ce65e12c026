import batteryPassport from './data/battery-passport.json';
import esprMinimum from './data/espr-minimum.json';
import type { Profile } from './format';

/**
 * Every profile of the service, each its whole data file (lib/profiles/data/), in the order
 * `GET /profiles` lists them. Adding a profile is a data file, its test
 * (test/lib/profiles/) and its line here and in summaries.ts: no function changes.
 *
 * Bundled as JSON imports: esbuild makes each file an object literal of the bundle, the way that
 * measured fastest at cold start among those that keep one typed value for every function
 * (docs/profiles.md, Loading). Each file's test checks it against the format (format.ts), so a
 * function does not check it again at cold start; the cast trusts that test.
 */
export const PROFILES = [batteryPassport, esprMinimum] as unknown as readonly Profile[];

/** The profile with this id, if the service has one. */
export const profileById = (id: string): Profile | undefined => PROFILES.find((profile) => profile.id === id);
