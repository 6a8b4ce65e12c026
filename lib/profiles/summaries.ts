import * as battery from './data/battery-passport.json';
import * as espr from './data/espr-minimum.json';
import type { Profile } from './format';

/** What `GET /profiles` lists of a profile. */
export type ProfileSummary = Pick<Profile, 'id' | 'name' | 'version' | 'source' | 'categories'>;

const summary = ({ id, name, version, source, categories }: ProfileSummary): ProfileSummary => ({
  id,
  name,
  version,
  source,
  categories,
});

/**
 * The summary of each profile of catalogue.ts, in its order. Only these top-level keys are read
 * from the files, so esbuild keeps only them in the bundle (it exports a JSON file's top-level
 * keys one by one and drops the unused): the list does not carry the attributes. The profile
 * test checks this list against the catalogue.
 */
export const SUMMARIES: readonly ProfileSummary[] = [summary(battery), summary(espr)];
