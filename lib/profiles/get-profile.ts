import { NotFoundError } from '../errors';
import { profileById } from './catalogue';

/** The methods of GET /profiles/{profileId}: its row's, and its handler's without importing the row (valibot). */
export const getProfileMethods = { method: 'GET', alsoAnswers: ['HEAD', 'OPTIONS'] } as const;

/** A profile's whole attribute catalogue: its data file as it is (docs/profiles.md). */
export function getProfile(profileId: string | undefined) {
  const profile = profileId === undefined ? undefined : profileById(profileId);
  if (!profile) throw new NotFoundError('Profile not found', 'PROFILE_NOT_FOUND');
  return profile;
}
