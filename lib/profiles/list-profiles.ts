import * as v from 'valibot';
import { SUMMARIES } from './summaries';

/** No parameter: an unknown query parameter is a 400 that names it. */
export const listProfilesInput = v.object({
  query: v.strictObject({}, 'is not a parameter of this route'),
});

/** The profiles of the service (docs/profiles.md): each one's id, name, version, source and categories. */
export const listProfiles = () => ({ profiles: [...SUMMARIES] });
