import { fixedRead } from '../lib/http/fixed-read';
import { getProfile, getProfileMethods } from '../lib/profiles/get-profile';

/** No Middy, no token, no table: a profile's catalogue, fixed in the bundle (lib/http/fixed-read.ts). */
export const handler = fixedRead(getProfileMethods, (params) => getProfile(params.profileId));
