import * as v from 'valibot';
import { NotFoundError } from '../errors';
import { profileById } from './catalogue';

export const getProfileInput = v.object({
  params: v.object({
    profileId: v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by -')),
  }),
  query: v.strictObject({}, 'is not a parameter of this route'),
});

/** A profile's whole attribute catalogue: its data file as it is (docs/profiles.md). */
export function getProfile(input: v.InferOutput<typeof getProfileInput>) {
  const profile = profileById(input.params.profileId);
  if (!profile) throw new NotFoundError('Profile not found', 'PROFILE_NOT_FOUND');
  return profile;
}
