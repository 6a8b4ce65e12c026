import {
  categories as batteryCategories,
  id as batteryId,
  name as batteryName,
  source as batterySource,
  version as batteryVersion,
} from './data/battery-passport.json';
import {
  categories as esprCategories,
  id as esprId,
  name as esprName,
  source as esprSource,
  version as esprVersion,
} from './data/espr-minimum.json';
import type { Profile } from './format';

/** What `GET /profiles` lists of a profile. */
export type ProfileSummary = Pick<Profile, 'id' | 'name' | 'version' | 'source' | 'categories'>;

/**
 * The summary of each profile of catalogue.ts, in its order. Each file's top-level keys are named
 * imports, so esbuild keeps only these five in the bundle (it exports a JSON file's top-level
 * keys one by one and drops the unused ones): the list does not carry the attributes (2 KiB of
 * data, not 77). The profiles' test checks this list against the catalogue.
 */
export const SUMMARIES: readonly ProfileSummary[] = [
  { id: batteryId, name: batteryName, version: batteryVersion, source: batterySource, categories: batteryCategories },
  { id: esprId, name: esprName, version: esprVersion, source: esprSource, categories: esprCategories },
];
